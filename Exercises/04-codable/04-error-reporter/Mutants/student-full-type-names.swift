// Mutant: names the expected type with String(reflecting:), to be precise, so the reason reads "expected Swift.Int" instead of "expected Int"
// Hint: The reason names the expected type as string interpolation prints it, such as `Int` or `Array<Any>`; a name qualified with its module, such as `Swift.Int`, is a different text.
import Foundation

func pathText(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for (i, key) in codingPath.enumerated() {
        if let n = key.intValue {
            result += "[" + String(n) + "]"
        } else {
            if i > 0 { result += "." }
            result += key.stringValue
        }
    }
    return result.isEmpty ? "(top level)" : result
}

private func typeName(_ type: Any.Type) -> String {
    String(reflecting: type)
}

func report(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
        var path = context.codingPath
        path.append(key)
        return "keyNotFound: \(pathText(path))"
    case .typeMismatch(let type, let context):
        return "typeMismatch: \(pathText(context.codingPath)): expected \(typeName(type))"
    case .valueNotFound(let type, let context):
        return "valueNotFound: \(pathText(context.codingPath)): expected \(typeName(type))"
    case .dataCorrupted(let context):
        return "dataCorrupted: \(pathText(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "unknown: \(error.localizedDescription)"
    }
}

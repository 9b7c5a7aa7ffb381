// Mutant: recognises array positions by their "Index n" text instead of their intValue
// Hint: how does your code tell a position from a key, and what if a key has no intValue but a text that looks like a position (or the reverse)?
import Foundation

func pathText(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "(top level)" }
    var result = ""
    for key in codingPath {
        let name = key.stringValue
        if name.hasPrefix("Index "), let position = Int(name.dropFirst("Index ".count)) {
            // Array positions: the decoder names them "Index 0", "Index 1", …
            result += "[\(position)]"
        } else if result.isEmpty {
            result = name
        } else {
            result += "." + name
        }
    }
    return result
}

func report(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
        return "keyNotFound: \(pathText(context.codingPath + [key]))"
    case .typeMismatch(let type, let context):
        return "typeMismatch: \(pathText(context.codingPath)): expected \(type)"
    case .valueNotFound(let type, let context):
        return "valueNotFound: \(pathText(context.codingPath)): expected \(type)"
    case .dataCorrupted(let context):
        return "dataCorrupted: \(pathText(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "unknown decoding error"
    }
}

// Mutant: a key missing at the top level is reported as "(top level).key" instead of just the key
// Hint: what does your keyNotFound message look like when the object that lacks the key is the whole document?
import Foundation

func pathText(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "(top level)" }
    var result = ""
    for key in codingPath {
        if let position = key.intValue {
            result += "[\(position)]"
        } else if result.isEmpty {
            result = key.stringValue
        } else {
            result += "." + key.stringValue
        }
    }
    return result
}

func report(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
        // The path stops at the object; the missing key goes after it.
        return "keyNotFound: \(pathText(context.codingPath)).\(key.stringValue)"
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

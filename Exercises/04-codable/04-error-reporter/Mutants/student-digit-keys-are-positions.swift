// Mutant: treats any key whose text is a number as an array position as well (intValue ?? Int(stringValue)), so a dictionary key "2" is written [2] instead of .2
// Hint: A dictionary key whose text is a number is still a key, not a position in an array; only a key with an `intValue` is a position. Reading a number out of a key's text turns such keys into positions.
import Foundation

func pathText(_ codingPath: [any CodingKey]) -> String {
    if codingPath.isEmpty {
        return "(top level)"
    }
    var parts: [String] = []
    for key in codingPath {
        if let position = key.intValue ?? Int(key.stringValue) {
            parts.append("[\(position)]")
        } else if parts.isEmpty {
            parts.append(key.stringValue)
        } else {
            parts.append("." + key.stringValue)
        }
    }
    return parts.joined()
}

func report(_ error: DecodingError) -> String {
    switch error {
    case let .keyNotFound(key, context):
        return "keyNotFound: " + pathText(context.codingPath + [key])
    case let .typeMismatch(type, context):
        return "typeMismatch: " + pathText(context.codingPath) + ": expected \(type)"
    case let .valueNotFound(type, context):
        return "valueNotFound: " + pathText(context.codingPath) + ": expected \(type)"
    case let .dataCorrupted(context):
        return "dataCorrupted: " + pathText(context.codingPath) + ": " + context.debugDescription
    @unknown default:
        return "\(error)"
    }
}

// Mutant: pathText writes a position with `formatted()` ("readable numbers for support staff"), which groups the digits by thousands, so position 1234 of a list is written "[1,234]" instead of "[1234]"
// Hint: A position is written as its plain number; a formatter meant for people may add separators between the digits.
import Foundation

/// A coding path as text: keys joined with dots, array positions in brackets
/// ("contacts[1].email"); "(top level)" for an empty path.
func pathText(_ codingPath: [any CodingKey]) -> String {
    if codingPath.isEmpty {
        return "(top level)"
    }
    var text = ""
    for (place, key) in codingPath.enumerated() {
        if let position = key.intValue {
            text += "[\(position.formatted())]"
        } else if place == 0 {
            text += key.stringValue
        } else {
            text += "." + key.stringValue
        }
    }
    return text
}

/// One line: "<case>: <path>", then ": <reason>" except for keyNotFound.
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
        return "unknown decoding error: \(error.localizedDescription)"
    }
}

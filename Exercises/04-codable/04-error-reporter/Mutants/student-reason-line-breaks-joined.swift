// Mutant: report joins a dataCorrupted reason that runs over several lines into one ("support staff want one short line"), replacing each line break of the context's debugDescription with a space, so "age cannot be negative\ngot -3" is reported as "age cannot be negative got -3" instead of the debugDescription itself
// Hint: The dataCorrupted reason is the context's description exactly as it is, even when it runs over several lines.
import Foundation

/// A coding path as text: keys joined with dots, array positions in brackets
/// ("contacts[1].email"); "(top level)" for an empty path.
func pathText(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "(top level)" }
    var text = ""
    for (place, key) in codingPath.enumerated() {
        if let position = key.intValue {
            // A position, told apart by its intValue only, glued to what comes before.
            text += "[\(position)]"
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
        // The context stops at the object that lacks the key: name the key's own place.
        return "keyNotFound: \(pathText(context.codingPath + [key]))"
    case .typeMismatch(let expected, let context):
        return "typeMismatch: \(pathText(context.codingPath)): expected \(expected)"
    case .valueNotFound(let expected, let context):
        return "valueNotFound: \(pathText(context.codingPath)): expected \(expected)"
    case .dataCorrupted(let context):
        // Support staff want one line: a reason that runs over several lines is joined up.
        let reason = context.debugDescription.components(separatedBy: .newlines).joined(separator: " ")
        return "dataCorrupted: \(pathText(context.codingPath)): \(reason)"
    @unknown default:
        return "unknownDecodingError: \(error)"
    }
}

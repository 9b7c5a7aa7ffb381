// Mutant: pathText trims the spaces and line breaks around each key's name ("stray spaces from the server are noise"), so a key " name" or "first name " is written "name" / "first name" and a key made of spaces vanishes, e.g. "contacts[0].name" for the keys contacts, 0, " name"
// Hint: A key's name is written exactly as its stringValue gives it, spaces and line breaks included.
import Foundation

/// A coding path as text: keys joined with dots, array positions in brackets
/// ("contacts[1].email"); "(top level)" for an empty path.
func pathText(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "(top level)" }
    var text = ""
    for (place, key) in codingPath.enumerated() {
        if let position = key.intValue {
            // A position: glued to what comes before it.
            text += "[\(position)]"
        } else {
            // A name: a dot before it unless it is the first key of the path.
            if place > 0 {
                text += "."
            }
            text += key.stringValue.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
    return text
}

/// One line: "<case>: <path>", then ": <reason>" except for keyNotFound.
func report(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
        // The context's path stops at the object that lacks the key: add the key.
        return "keyNotFound: \(pathText(context.codingPath + [key]))"
    case .typeMismatch(let type, let context):
        return "typeMismatch: \(pathText(context.codingPath)): expected \(type)"
    case .valueNotFound(let type, let context):
        return "valueNotFound: \(pathText(context.codingPath)): expected \(type)"
    case .dataCorrupted(let context):
        return "dataCorrupted: \(pathText(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "unknown decoding error: \(error)"
    }
}

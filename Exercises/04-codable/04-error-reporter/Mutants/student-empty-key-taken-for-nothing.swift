// Mutant: pathText decides "first key" and "top level" from the text written so far instead of from the keys, so an empty key name ("" is a legal JSON key) is taken for nothing: a path made of the key "" alone reads "(top level)" instead of "", and "", "name" reads "name" instead of ".name"
// Hint: A key whose text is empty is still a key: decide "first" by its place in the path, not by the text written so far.
import Foundation

/// A coding path as text: keys joined with dots, array positions in brackets
/// ("contacts[1].email"); "(top level)" for an empty path.
func pathText(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
        if let index = key.intValue {
            text += "[\(index)]"
        } else if text.isEmpty {
            // Nothing written yet: this is the first key, no dot before it.
            text += key.stringValue
        } else {
            text += "." + key.stringValue
        }
    }
    return text.isEmpty ? "(top level)" : text
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
        return "unknown decoding error: \(error)"
    }
}

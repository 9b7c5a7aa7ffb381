// Mutant: writes a position's number from its text (the stringValue without "Index "), so a key whose intValue is 1 but whose text is "first" is written [first] instead of [1]
// Hint: A position's number is its intValue; the key's text says nothing reliable about it.
import Foundation

/// A coding path as text: keys joined with dots, array positions in brackets.
///
///     []                                   → "(top level)"
///     [contacts, Index 1, email]           → "contacts[1].email"
///     [Index 0, Index 2]                   → "[0][2]"
///
/// A position in an array is a key with an `intValue`; the keys of a keyed container
/// (CodingKeys, dictionary keys) have none.
func pathText(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "(top level)" }
    var text = ""
    for (place, key) in codingPath.enumerated() {
        if let index = key.intValue {
_ = index
            text += "[\(key.stringValue.replacingOccurrences(of: "Index ", with: ""))]"
        } else {
            // No dot before the first key, told by its place: a key's text may be empty.
            text += place == 0 ? key.stringValue : "." + key.stringValue
        }
    }
    return text
}

/// One line that says what went wrong and where: "<case>: <path>", then ": <reason>"
/// except for `keyNotFound`, whose path already ends with the missing key.
func report(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
        // The context's path leads to the object that lacks the key: add the key.
        return "keyNotFound: \(pathText(context.codingPath + [key]))"
    case .typeMismatch(let expected, let context):
        return "typeMismatch: \(pathText(context.codingPath)): expected \(expected)"
    case .valueNotFound(let expected, let context):
        return "valueNotFound: \(pathText(context.codingPath)): expected \(expected)"
    case .dataCorrupted(let context):
        // The description is the only detail this case carries.
        return "dataCorrupted: \(pathText(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "unknown: \(error)"
    }
}

// Mutant: pathText joins every part with dots and then replaces ".[" with "[", so a key whose own text holds ".[" is changed too
// Hint: A key's text may hold any characters, brackets and dots included: build the path part by part instead of fixing the joined text afterwards.
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
    let joined = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
        .joined(separator: ".")
    let text = joined.replacingOccurrences(of: ".[", with: "[")
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

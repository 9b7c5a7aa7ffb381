// Mutant: report keeps "one short line" at most 80 characters long, cutting a longer message at 79 characters and ending it with "…", so a deep path or a long reason (a dataCorrupted debugDescription, a long key) loses its end
// Hint: The statement asks for the whole message with nothing left out, however long the path or the reason; do not shorten the line.
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
    let line = fullReport(error)
    // One short line for support staff.
    guard line.count > 80 else { return line }
    return String(line.prefix(79)) + "…"
}

private func fullReport(_ error: DecodingError) -> String {
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

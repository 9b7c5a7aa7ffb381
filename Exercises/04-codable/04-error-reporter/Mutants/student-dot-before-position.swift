// Mutant: joins every part with dots, so positions come out as "contacts.[1].email"
// Hint: compare your output for a key followed by a position with the first row of the statement's table.
import Foundation

func pathText(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "(top level)" }
    return codingPath
        .map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
        .joined(separator: ".")
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

import Foundation
import ExerciseKit

/// The error a step must throw: `expect_error: DecodingError.keyNotFound`, or a mapping
/// that also names the coding path, the case's associated values, the code or the message.
public struct ErrorPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    public var type: String
    public var `case`: String?
    /// `people[1].email`; empty for the top level.
    public var codingPath: String?
    /// The case's associated values, as ``ThrownError/values`` reports them.
    public var values: JSONValue?
    /// The error's code (Cocoa errors and other `NSError`s).
    public var code: Int?
    /// The error's description (`LocalizedError.errorDescription`, else `String(describing:)`).
    public var message: String?

    public init(type: String, case: String? = nil, codingPath: String? = nil,
                values: JSONValue? = nil, code: Int? = nil, message: String? = nil) {
        self.type = type
        self.case = `case`
        self.codingPath = codingPath
        self.values = values
        self.code = code
        self.message = message
    }

    /// `ContactsError.notFound(7)`, `DecodingError.keyNotFound at people[1].email`,
    /// `CocoaError.fileNoSuchFile (code 4)`.
    public var description: String {
        var text = `case`.map { "\(type).\($0)" } ?? type
        if let values {
            if case .array(let items) = values {
                text += "(\(items.map(\.jsonText).joined(separator: ", ")))"
            } else if case .object(let members) = values {
                text += "(\(members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.jsonText)" }.joined(separator: ", ")))"
            } else {
                text += "(\(values.jsonText))"
            }
        }
        if let codingPath { text += " at \(codingPath.isEmpty ? "the top level" : codingPath)" }
        if let code { text += " (code \(code))" }
        if let message { text += " saying \"\(message)\"" }
        return text
    }
}

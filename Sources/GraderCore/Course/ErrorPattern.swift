import Foundation

/// The error a step must throw: `expect_error: DecodingError.keyNotFound`, or a mapping
/// that also names the coding path.
public struct ErrorPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    public var type: String
    public var `case`: String?
    /// `people[1].email`; empty for the top level.
    public var codingPath: String?

    public init(type: String, case: String? = nil, codingPath: String? = nil) {
        self.type = type
        self.case = `case`
        self.codingPath = codingPath
    }

    /// `DecodingError.keyNotFound at people[1].email`.
    public var description: String {
        var text = `case`.map { "\(type).\($0)" } ?? type
        if let codingPath { text += " at \(codingPath.isEmpty ? "the top level" : codingPath)" }
        return text
    }
}

import ExerciseKit
import Foundation

/// The first place where an actual value differs from the expected one.
public struct Mismatch: Hashable, Sendable, Codable {
    /// Where in the value the difference is, such as `$.cars[1].model`.
    public var path: String
    /// What was expected there.
    public var expected: JSONValue
    /// What was found there (`nil` when the member is missing).
    public var actual: JSONValue?
    /// A one-line explanation, such as `expected "Seat", got "Ferrari"`.
    public var summary: String
}

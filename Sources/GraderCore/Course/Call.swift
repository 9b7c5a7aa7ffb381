import ExerciseKit
import Foundation

/// A call of a driver operation and what its result must be.
public struct Call: Sendable, Hashable, Codable {
    public var operation: String
    public var arguments: JSONValue?
    public var expectation: Expectation
    /// The exact text the step must print on standard output, when given.
    public var stdout: String?
    public var options: ComparisonOptions
}

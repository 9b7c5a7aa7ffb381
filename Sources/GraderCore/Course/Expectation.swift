import ExerciseKit
import Foundation

/// What a call's result is compared with.
public enum Expectation: Sendable, Hashable, Codable {
    /// The reference implementation's result for the same steps.
    case reference
    /// This literal value.
    case value(JSONValue)
    /// Any one of these literal values (after a crash: the old document or the new one).
    case oneOf([JSONValue])
    /// A thrown error of this type, of this case and at this coding path when given.
    case error(ErrorPattern)
}

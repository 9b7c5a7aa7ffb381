import ExerciseKit
import Foundation

/// How a randomized case makes one input value. Written in `exercise.yml` as
/// `{type: string, alphabet: "a-z", max_length: 8}` (see `Exercises/README.md`).
public indirect enum ValueGenerator: Sendable, Hashable, Codable {
    case int(min: Int, max: Int)
    case double(min: Double, max: Double)
    case bool
    /// Strings of characters from `alphabet`, with a length in `minLength...maxLength`.
    case string(alphabet: [String], minLength: Int, maxLength: Int)
    /// Dates (whole seconds since 1970, sent as ISO 8601 text) in `min...max`.
    case date(min: Int, max: Int)
    /// The wrapped value, or null about one time in four.
    case optional(ValueGenerator)
    case array(ValueGenerator, minLength: Int, maxLength: Int)
    /// Objects whose keys come from a string generator.
    case dictionary(keys: ValueGenerator, values: ValueGenerator, minLength: Int, maxLength: Int)
    /// One of these literal values.
    case oneOf([JSONValue])
}

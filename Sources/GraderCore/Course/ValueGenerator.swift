import ExerciseKit
import Foundation

/// How a randomized case makes one input value. Written in `exercise.yml` as
/// `{type: string, alphabet: "a-z", max_length: 8}` (see `Exercises/README.md`).
public indirect enum ValueGenerator: Sendable, Hashable, Codable {
    case int(min: Int, max: Int)
    case double(min: Double, max: Double)
    case bool
    /// Strings of characters from `alphabet`, with a length in `minLength...maxLength`; and,
    /// one draw in eight (and in a randomized case's first inputs), a value of one of `edges`'
    /// classes (`EdgeVocabulary`). A generator of
    /// `exercise.yml` always has edges (all of them unless it says `without`); nil draws from the
    /// alphabet alone.
    case string(alphabet: [String], minLength: Int, maxLength: Int, edges: EdgeSet? = nil)
    /// Dates (whole seconds since 1970, sent as ISO 8601 text) in `min...max`; edges as for
    /// strings, from `edges`' classes.
    case date(min: Int, max: Int, edges: EdgeSet? = nil)
    /// The wrapped value, or null about one time in four.
    case optional(ValueGenerator)
    case array(ValueGenerator, minLength: Int, maxLength: Int)
    /// Objects whose keys come from a string generator.
    case dictionary(keys: ValueGenerator, values: ValueGenerator, minLength: Int, maxLength: Int)
    /// One of these literal values.
    case oneOf([JSONValue])
}

extension ValueGenerator {
    /// The most elements and characters one value of a generator may hold; the loader refuses a
    /// generator over it, whose inputs would take the grader's memory and time (and the app's).
    static let sizeLimit = 1_000_000

    /// The most elements and characters one generated value can hold: a string counts its
    /// characters, a list or dictionary one for itself and the most its members can hold.
    /// Saturates at `Int.max` rather than overflowing.
    var largestSize: Int {
        func times(_ count: Int, _ each: Int) -> Int {
            let (product, overflow) = count.multipliedReportingOverflow(by: each)
            return overflow ? .max : product
        }
        func plus(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : sum
        }
        switch self {
        case .int, .double, .bool, .date: return 1
        case .string(_, _, let maxLength, let edges): return max(1, maxLength, edges?.longest ?? 0)
        case .optional(let wrapped): return wrapped.largestSize
        case .array(let element, _, let maxLength): return plus(1, times(maxLength, element.largestSize))
        case .dictionary(let keys, let values, _, let maxLength):
            return plus(1, times(maxLength, plus(keys.largestSize, values.largestSize)))
        case .oneOf(let values): return values.map(Self.size).max() ?? 1
        }
    }

    /// The elements and characters of a literal value.
    private static func size(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool, .int, .double: return 1
        case .string(let text): return max(1, text.count)
        case .array(let items): return items.reduce(1) { $0 + size($1) }
        case .object(let members): return members.reduce(1) { $0 + $1.key.count + size($1.value) }
        }
    }
}

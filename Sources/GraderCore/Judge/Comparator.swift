import ExerciseKit
import Foundation

/// Structural comparison of JSON values: integers exactly, other numbers with a tolerance,
/// objects by key, arrays in order or as multisets.
public enum Comparator {
    /// Compares `actual` with `expected`; returns the first difference, or nil when they agree.
    public static func compare(
        expected: JSONValue, actual: JSONValue, options: ComparisonOptions = .standard
    ) -> Mismatch? {
        compare(expected, actual, at: .root, options)
    }

    private static func compare(
        _ expected: JSONValue, _ actual: JSONValue, at path: ValuePath, _ options: ComparisonOptions
    ) -> Mismatch? {
        switch (expected, actual) {
        case (.null, .null):
            return nil
        case (.bool(let a), .bool(let b)):
            return a == b ? nil : mismatch(path, expected, actual)
        case (.string(let a), .string(let b)):
            return a == b ? nil : mismatch(path, expected, actual)
        case (.int(let a), .double(let b)) where options.numberTypes,
             (.double(let b), .int(let a)) where options.numberTypes:
            let expectsInteger: Bool
            if case .int = expected { expectsInteger = true } else { expectsInteger = false }
            let integer = "an integer \(a)", fractional = "a fractional number \(b)"
            return Mismatch(path: path.description, expected: expected, actual: actual,
                            summary: expectsInteger ? "expected \(integer), got \(fractional)"
                                                    : "expected \(fractional), got \(integer)")
        // Two integers are equal or not: the tolerance is for fractions, and within it two large
        // integers that differ in their last digits (an Int kept in a Double on the way) would
        // agree. A case that gives a tolerance of its own keeps it for integers too.
        case (.int(let a), .int(let b)) where options.tolerance == ComparisonOptions.standard.tolerance:
            return a == b ? nil : mismatch(path, expected, actual)
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
            return numbersAgree(expected.numberValue!, actual.numberValue!, options.tolerance)
                ? nil : mismatch(path, expected, actual)
        case (.object(let a), .object(let b)):
            for key in a.keys.sorted() {
                guard let other = b[key] else {
                    return Mismatch(path: path.appending(.key(key)).description, expected: a[key]!, actual: nil,
                                    summary: "missing member \"\(key)\"")
                }
                if let found = compare(a[key]!, other, at: path.appending(.key(key)), options) { return found }
            }
            if let extra = b.keys.sorted().first(where: { a[$0] == nil }) {
                return Mismatch(path: path.appending(.key(extra)).description, expected: .null, actual: b[extra],
                                summary: "unexpected member \"\(extra)\"")
            }
            return nil
        case (.array(let a), .array(let b)):
            if options.unordered { return compareUnordered(a, b, at: path, options) }
            for index in 0..<min(a.count, b.count) {
                if let found = compare(a[index], b[index], at: path.appending(.index(index)), options) {
                    return found
                }
            }
            if a.count != b.count {
                return Mismatch(path: path.description, expected: expected, actual: actual,
                                summary: "expected \(a.count) elements, got \(b.count)")
            }
            return nil
        default:
            return Mismatch(path: path.description, expected: expected, actual: actual,
                            summary: "expected \(describe(expected)), got \(describe(actual))")
        }
    }

    private static func compareUnordered(
        _ expected: [JSONValue], _ actual: [JSONValue], at path: ValuePath, _ options: ComparisonOptions
    ) -> Mismatch? {
        var remaining = actual
        for (index, element) in expected.enumerated() {
            if let match = remaining.firstIndex(where: { compare(element, $0, at: path, options) == nil }) {
                remaining.remove(at: match)
            } else {
                return Mismatch(path: path.appending(.index(index)).description, expected: element, actual: nil,
                                summary: "no element equal to \(element.jsonText) (order ignored)")
            }
        }
        if let extra = remaining.first {
            return Mismatch(path: path.description, expected: .array(expected), actual: .array(actual),
                            summary: "unexpected element \(extra.jsonText) (order ignored)")
        }
        return nil
    }

    /// "a string \"5\"", "a number 5", "null".
    private static func describe(_ value: JSONValue) -> String {
        value == .null ? "null" : "\(value.kindDescription) \(value.jsonText)"
    }

    private static func numbersAgree(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        if a == b { return true }
        let difference = abs(a - b)
        return difference <= tolerance || difference <= tolerance * max(abs(a), abs(b))
    }

    private static func mismatch(_ path: ValuePath, _ expected: JSONValue, _ actual: JSONValue) -> Mismatch {
        Mismatch(path: path.description, expected: expected, actual: actual,
                 summary: "expected \(expected.jsonText), got \(actual.jsonText)")
    }
}

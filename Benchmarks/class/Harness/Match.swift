import Foundation
@testable import ExerciseKit

/// How two values compare: the grader's rules (Exercises/README.md), written again small.
struct MatchOptions {
    var tolerance = 1e-9
    var unordered = false
    var numberTypes = false
    var errorDetails = false
}

/// Structural comparison: objects by key, arrays in order or as multisets, numbers within a
/// tolerance (and by type where the driver asks).
enum Match {
    /// The first difference between `expected` and `actual`, or nil when they agree.
    static func differs(_ expected: JSONValue, _ actual: JSONValue, _ options: MatchOptions, at path: String = "$") -> String? {
        switch (expected, actual) {
        case (.null, .null): return nil
        case (.bool(let a), .bool(let b)) where a == b: return nil
        case (.string(let a), .string(let b)) where a == b: return nil
        case (.int, .double) where options.numberTypes, (.double, .int) where options.numberTypes:
            return "at \(path): expected \(expected.jsonText), got \(actual.jsonText) (number types differ)"
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
            let a = expected.numberValue!, b = actual.numberValue!
            let difference = abs(a - b)
            if a == b || difference <= options.tolerance || difference <= options.tolerance * max(abs(a), abs(b)) { return nil }
        case (.object(let a), .object(let b)):
            for key in a.keys.sorted() {
                guard let other = b[key] else { return "at \(path): missing member \"\(key)\"" }
                if let found = differs(a[key]!, other, options, at: "\(path).\(key)") { return found }
            }
            if let extra = b.keys.sorted().first(where: { a[$0] == nil }) { return "at \(path): unexpected member \"\(extra)\"" }
            return nil
        case (.array(let a), .array(let b)):
            if options.unordered {
                var remaining = b
                for element in a {
                    guard let match = remaining.firstIndex(where: { differs(element, $0, options) == nil }) else {
                        return "at \(path): no element equal to \(element.jsonText) (order ignored)"
                    }
                    remaining.remove(at: match)
                }
                return remaining.isEmpty ? nil : "at \(path): unexpected element \(remaining[0].jsonText) (order ignored)"
            }
            for index in 0..<min(a.count, b.count) {
                if let found = differs(a[index], b[index], options, at: "\(path)[\(index)]") { return found }
            }
            return a.count == b.count ? nil : "at \(path): expected \(a.count) elements, got \(b.count)"
        default: break
        }
        return "at \(path): expected \(expected.jsonText), got \(actual.jsonText)"
    }
}

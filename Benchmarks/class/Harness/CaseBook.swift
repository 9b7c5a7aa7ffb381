import Foundation
@testable import ExerciseKit

/// The package's `cases.json`: the visible cases of one exercise, written by
/// Benchmarks/class/exercism_packages.py from `exercise.yml`. Numbers that YAML wrote as
/// fractional are `{"$double": n}`, so that 2.0 stays apart from 2 (see ``JSONValue/untagged``).
struct CaseBook: Decodable {
    var exercise: String
    var suites: [String]
    var cases: [CaseSpec]
}

struct CaseSpec: Decodable {
    var name: String
    var steps: [StepSpec]
    var container: [CheckSpec]
    /// Left out: its reference crashes the one process every test shares.
    var skipped: Bool?
}

/// A step: `relaunch`, `kill`, or a call of the operation `action`.
struct StepSpec: Decodable {
    var action: String
    var args: JSONValue?
    var expectation: Expectation
    var stdout: String?
    var unordered: Bool?
    var tolerance: Double?
    var errorDetails: Bool?

    enum CodingKeys: String, CodingKey {
        case action, args, expectation, stdout, unordered, tolerance
        case errorDetails = "error_details"
    }

    func options(typed: Set<String>) -> MatchOptions {
        MatchOptions(tolerance: tolerance ?? 1e-9, unordered: unordered ?? false,
                     numberTypes: typed.contains(action), errorDetails: errorDetails ?? false)
    }
}

/// What a call must give: a literal (`value`, `one_of`, `error`) or the reference's outcome
/// (`reference`, with `observed` as a reference run gave it). `unchecked`: two reference runs
/// disagreed, or the reference itself fails the step in one process; the step is not checked.
struct Expectation: Decodable {
    var kind: String
    var value: JSONValue?
    var values: [JSONValue]?
    var error: ErrorSpec?
    var observed: JSONValue?
    var unchecked: Bool?

    /// Why `outcome` does not meet the expectation, or nil.
    func judge(_ outcome: Outcome, options: MatchOptions) -> String? {
        if unchecked == true { return nil }
        switch kind {
        case "value":
            guard case .value(let actual) = outcome else { return "expected a value, got \(outcome.description)" }
            return Match.differs((value ?? .null).untagged, actual, options)
        case "one_of":
            guard case .value(let actual) = outcome else { return "expected a value, got \(outcome.description)" }
            let allowed = (values ?? []).map(\.untagged)
            return allowed.contains { Match.differs($0, actual, options) == nil }
                ? nil : "\(actual.jsonText) is none of the \(allowed.count) values allowed"
        case "error":
            guard case .error(let thrown) = outcome, let error else { return "expected an error, got \(outcome.description)" }
            return error.matches(thrown, details: true) ? nil : "expected \(error), got \(outcome.description)"
        case "reference":
            guard unchecked != true, let observed = observed?.untagged else { return nil }
            if let expected = observed["value"] {
                guard case .value(let actual) = outcome else { return "expected \(expected.jsonText), got \(outcome.description)" }
                return Match.differs(expected, actual, options)
            }
            if let expected = observed["error"] {
                guard case .error(let thrown) = outcome else { return "expected an error, got \(outcome.description)" }
                let spec = ErrorSpec(reference: expected, details: options.errorDetails)
                return spec.matches(thrown, details: options.errorDetails) ? nil : "expected \(spec), got \(outcome.description)"
            }
            return nil
        default:
            return nil
        }
    }
}

/// `expect_error`: a type, and where stated its case, coding path, associated values, code and message.
struct ErrorSpec: Decodable, CustomStringConvertible {
    var type: String
    var `case`: String?
    var path: String?
    var value: JSONValue?
    var code: Int?
    var message: String?

    init(reference: JSONValue, details: Bool) {
        type = reference["type"]?.stringValue ?? ""
        `case` = reference["case"]?.stringValue
        path = reference["path"]?.stringValue
        if details {
            // An error without associated values must not gain some either.
            value = reference["value"] ?? .null
            if case .int(let number)? = reference["code"] { code = number }
        }
    }

    func matches(_ thrown: ThrownError, details: Bool) -> Bool {
        thrown.type == type
            && (`case` == nil || thrown.case == `case`)
            && (path == nil || thrown.codingPath == path)
            && (value == nil || Match.differs(value!.untagged, thrown.values ?? .null, MatchOptions()) == nil)
            && (code == nil || thrown.code == code)
            && (message == nil || thrown.description.trimmingCharacters(in: .whitespacesAndNewlines) == message)
    }

    var description: String { "the error \(type)\(`case`.map { ".\($0)" } ?? "")" }
}

/// A `container:` check.
struct CheckSpec: Decodable {
    var path: String
    var kind: String
    var equals: JSONValue?
    var minSize: Int?
    var maxSize: Int?
    var unordered: Bool?
    var tolerance: Double?
    var typedNumbers: Bool?
    var query: String?
    var userVersion: Int?
    var observed: JSONValue?
    var unchecked: Bool?

    enum CodingKeys: String, CodingKey {
        case path, kind = "is", equals, unordered, tolerance, query, observed, unchecked
        case minSize = "min_size", maxSize = "max_size"
        case typedNumbers = "typed_numbers", userVersion = "user_version"
    }

    var options: MatchOptions {
        MatchOptions(tolerance: tolerance ?? 1e-9, unordered: unordered ?? false, numberTypes: typedNumbers ?? false)
    }

    var comparesWithReference: Bool {
        guard equals == nil else { return false }
        switch kind {
        case "plist", "xml-plist", "binary-plist", "json", "directory": return true
        case "sqlite": return query != nil
        default: return false
        }
    }

    /// Why `observation` (from ``AppContainer/observe(_:)``) fails the check, or nil.
    func judge(_ observation: JSONValue) -> String? {
        if unchecked == true { return nil }
        let found = observation["found"]?.stringValue ?? "nothing"
        if kind == "absent" { return found == "nothing" ? nil : "expected nothing, found a \(found)" }
        if kind == "directory" {
            guard found == "directory" else { return "expected a folder, found \(found)" }
            return compare(observation["names"] ?? .null)
        }
        guard found == "file" else { return "expected a file, found \(found)" }
        if let problem = observation["problem"]?.stringValue { return problem }
        if case .int(let size)? = observation["size"] {
            if let minSize, size < minSize { return "\(size) bytes, at least \(minSize) expected" }
            if let maxSize, size > maxSize { return "\(size) bytes, at most \(maxSize) expected" }
        }
        switch kind {
        case "file": return equals == nil ? nil : compare(observation["text"] ?? .null)
        case "sqlite":
            if let userVersion, observation["user_version"] != .int(userVersion) {
                return "user_version \(observation["user_version"]?.jsonText ?? "?"), expected \(userVersion)"
            }
            return query == nil ? nil : compare(observation["rows"] ?? .null)
        default: return compare(observation["value"] ?? .null)
        }
    }

    private func compare(_ actual: JSONValue) -> String? {
        if let equals { return Match.differs(equals.untagged, actual, options) }
        guard unchecked != true, let observed = observed?.untagged else { return nil }
        let expected = observed["value"] ?? observed["names"] ?? observed["rows"] ?? observed["text"] ?? .null
        return Match.differs(expected, actual, options)
    }
}

extension JSONValue {
    /// `{"$double": n}` made the fractional number n again, everywhere in the value.
    var untagged: JSONValue {
        switch self {
        case .object(let members):
            if members.count == 1, let number = members["$double"]?.numberValue { return .double(number) }
            return .object(members.mapValues(\.untagged))
        case .array(let items): return .array(items.map(\.untagged))
        default: return self
        }
    }

    /// Fractional numbers as `{"$double": n}`, which JSON text keeps apart from integers.
    var tagged: JSONValue {
        switch self {
        case .double(let number): return .object(["$double": .double(number)])
        case .object(let members): return .object(members.mapValues(\.tagged))
        case .array(let items): return .array(items.map(\.tagged))
        default: return self
        }
    }
}

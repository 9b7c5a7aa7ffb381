import Foundation

/// A key path a predicate or sort descriptor cannot read: a programming error, reported with
/// what to write instead.
struct PredicateKeyPathError: Error, CustomStringConvertible, Equatable {
    let message: String
    var description: String { message }

    static func toManyNotAllowed(_ key: String, path: [String]) -> PredicateKeyPathError {
        let example = (path + (path.last == key ? ["…"] : [])).joined(separator: ".")
        return PredicateKeyPathError(
            message: "to-many key `\(key)` not allowed here; use ANY \(example), ALL/NONE, or \(key).@count")
    }
}

/// Evaluates predicates in memory, reading values through ``KeyValueReading``.
///
/// Values go through ``PredicateValue`` and ``PredicateOperator/evaluate(_:_:options:)``, the
/// same code the SQL functions run, so a fetch and a filter in memory agree.
enum PredicateEvaluator {
    static func evaluate(_ predicate: GraphPredicate, with object: Any?) throws -> Bool {
        switch predicate.node {
        case .constant(let value): return value
        case .and(let parts):
            for part in parts where try !evaluate(part, with: object) { return false }
            return true
        case .or(let parts):
            for part in parts where try evaluate(part, with: object) { return true }
            return false
        case .not(let part): return try !evaluate(part, with: object)
        case .comparison(let comparison): return try evaluate(comparison, with: object)
        }
    }

    private static func evaluate(_ comparison: PredicateComparison, with object: Any?) throws -> Bool {
        let right = try value(of: comparison.right, on: object)
        guard comparison.modifier != .direct, case .keyPath(let path) = comparison.left else {
            let left = try value(of: comparison.left, on: object)
            return apply(comparison, left, right)
        }
        let values = try collect(path[...], from: object)
        switch comparison.modifier {
        case .any: return values.contains { apply(comparison, $0, right) }
        case .all: return values.allSatisfy { apply(comparison, $0, right) }
        case .none: return !values.contains { apply(comparison, $0, right) }
        case .direct: return false
        }
    }

    private static func apply(_ comparison: PredicateComparison, _ left: Any?, _ right: Any?) -> Bool {
        let lhs = PredicateValue(left)
        switch comparison.op {
        case .in:
            let elements = right.flatMap(PredicateCollections.elements(of:)) ?? []
            return elements.contains { PredicateValue.equals(lhs, PredicateValue($0)) }
        case .between:
            guard let bounds = right.flatMap(PredicateCollections.elements(of:)), bounds.count == 2 else { return false }
            return PredicateOperator.greaterOrEqual.evaluate(lhs, PredicateValue(bounds[0]), options: [])
                && PredicateOperator.lessOrEqual.evaluate(lhs, PredicateValue(bounds[1]), options: [])
        default:
            return comparison.op.evaluate(lhs, PredicateValue(right), options: comparison.options)
        }
    }

    /// The value of an expression for one object; collections only where a to-many is allowed.
    private static func value(of expression: PredicateExpression, on object: Any?) throws -> Any? {
        switch expression {
        case .constant(let value): return value
        case .aggregate(let elements): return try elements.map { try value(of: $0, on: object) }
        case .keyPath(let path): return try value(at: path, of: object)
        case .count(let path):
            var current = object
            for (index, key) in path.enumerated() {
                let next = read(key, of: current)
                if index == path.count - 1 { return next.flatMap(PredicateCollections.elements(of:))?.count ?? 0 }
                if let next, PredicateCollections.elements(of: next) != nil { throw PredicateKeyPathError.toManyNotAllowed(key, path: path) }
                current = next
            }
            return 0
        }
    }

    /// Follows `path` through to-one relationships (objects or nested dictionaries). A nil on
    /// the way makes the whole value nil, as a LEFT JOIN does in SQL.
    static func value(at path: [String], of object: Any?) throws -> Any? {
        var current = object
        for key in path {
            guard current != nil else { return nil }
            current = read(key, of: current)
            if let value = current, PredicateCollections.elements(of: value) != nil {
                throw PredicateKeyPathError.toManyNotAllowed(key, path: path)
            }
        }
        return current
    }

    /// The values of `path` for ANY/ALL/NONE: one per object reached through to-many
    /// relationships (flattened), or the single value when the path has none.
    private static func collect(_ path: ArraySlice<String>, from object: Any?) throws -> [Any?] {
        guard let key = path.first else { return [object] }
        guard object != nil else { return [nil] }
        let next = read(key, of: object)
        if let next, let elements = PredicateCollections.elements(of: next) {
            return try elements.flatMap { try collect(path.dropFirst(), from: $0) }
        }
        return try collect(path.dropFirst(), from: next)
    }

    private static func read(_ key: String, of object: Any?) -> Any? {
        guard let object else { return nil }
        guard let reader = object as? KeyValueReading else { return nil }
        return reader.value(forKey: key).flatMap(PredicateValue.unwrapped)
    }
}

import Foundation

/// A condition on objects, written as a format string: Core Data's `NSPredicate` (with
/// `NSCompoundPredicate`'s builders). Named so because Foundation already has a `Predicate`.
///
/// ```swift
/// let adults = GraphPredicate(format: "age >= %d AND name BEGINSWITH[c] %@", 18, "a")
/// let withOldCars = GraphPredicate(format: "ANY cars.year < 2000")
/// adults.evaluate(with: ["age": Int16(30), "name": "Anna"])   // true
/// ```
///
/// A fetch request translates the predicate to SQL (``SQLQueryBuilder``); ``evaluate(with:)``
/// gives the same answer in memory, for objects and for dictionaries.
///
/// The grammar is NSPredicate's: comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`, `BEGINSWITH`,
/// `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`, `IN`, `BETWEEN`, with `[c]`/`[d]` options),
/// `ANY`/`ALL`/`NONE` before to-many key paths, `@count`, `AND`/`OR`/`NOT`, and the
/// substitutions `%@`, `%K`, `%d`, `%i`, `%ld`, `%lld`, `%u`, `%f`, `%lf`.
public final class GraphPredicate: CustomStringConvertible {
    /// What the predicate is made of.
    indirect enum Node {
        case constant(Bool)
        case comparison(PredicateComparison)
        case and([GraphPredicate])
        case or([GraphPredicate])
        case not(GraphPredicate)
    }

    let node: Node

    init(node: Node) {
        self.node = node
    }

    /// Parses `format`, replacing `%@`, `%K`, `%d`… with `arguments` in order.
    ///
    /// A format string that does not parse is a programming error: this traps with the message
    /// Core Data's exception gives (`Unable to parse the format string "…" at column N: …`).
    /// Use ``parse(_:arguments:)`` to get the error instead.
    public convenience init(format: String, _ arguments: Any?...) {
        self.init(format: format, argumentArray: arguments)
    }

    /// Parses `format` with the arguments in an array (NSPredicate's `argumentArray:`).
    public convenience init(format: String, argumentArray arguments: [Any?]) {
        do {
            let parsed = try PredicateParser.parse(format, arguments: arguments)
            self.init(node: parsed.node)
        } catch let error as PredicateSyntaxError {
            fatalError(error.description)
        } catch {
            fatalError("\(error)")
        }
    }

    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    public convenience init(value: Bool) {
        self.init(node: .constant(value))
    }

    /// Parses `format`, throwing instead of trapping on a syntax error.
    ///
    /// - Throws: ``PredicateSyntaxError`` naming the column (1-based) of the problem.
    public static func parse(_ format: String, arguments: [Any?] = []) throws -> GraphPredicate {
        try PredicateParser.parse(format, arguments: arguments)
    }

    /// True when every predicate is (`NSCompoundPredicate(andPredicateWithSubpredicates:)`);
    /// true for an empty list.
    public static func and(_ predicates: [GraphPredicate]) -> GraphPredicate {
        GraphPredicate(node: .and(predicates))
    }

    /// True when one predicate is; false for an empty list.
    public static func or(_ predicates: [GraphPredicate]) -> GraphPredicate {
        GraphPredicate(node: .or(predicates))
    }

    /// True when `predicate` is false.
    public static func not(_ predicate: GraphPredicate) -> GraphPredicate {
        GraphPredicate(node: .not(predicate))
    }

    /// The predicate as a normalized format string, as NSPredicate's `predicateFormat`:
    /// keywords in capitals, `==` for `=`, strings in double quotes, and parentheses around
    /// compound parts, so precedence shows (`a == 1 OR (b == 2 AND c == 3)`).
    public var description: String {
        switch node {
        case .constant(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison): return comparison.format
        case .and(let parts): return parts.isEmpty ? "TRUEPREDICATE" : parts.map(\.operandFormat).joined(separator: " AND ")
        case .or(let parts): return parts.isEmpty ? "FALSEPREDICATE" : parts.map(\.operandFormat).joined(separator: " OR ")
        case .not(let part): return "NOT " + part.operandFormat
        }
    }

    /// The format of a part of a compound predicate: in parentheses when it is compound itself.
    private var operandFormat: String {
        switch node {
        case .and(let parts) where parts.count > 1, .or(let parts) where parts.count > 1: "(" + description + ")"
        default: description
        }
    }

    /// Whether `object` (a ``KeyValueReading`` such as a managed object or a dictionary)
    /// satisfies the predicate.
    ///
    /// A key path through a to-many relationship without `ANY`, `ALL`, `NONE` or `@count` is a
    /// programming error and traps, naming the key.
    public func evaluate(with object: Any?) -> Bool {
        do {
            return try PredicateEvaluator.evaluate(self, with: object)
        } catch {
            fatalError("\(error)")
        }
    }
}

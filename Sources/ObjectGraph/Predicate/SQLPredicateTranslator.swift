import Foundation

/// Translates a ``GraphPredicate`` into a SQL condition on a scope's rows.
///
/// The condition is true exactly for the rows whose objects ``GraphPredicate/evaluate(with:)``
/// accepts:
/// - `==`/`!=` are `IS`/`IS NOT`, so nil compares as in memory;
/// - a NULL from `<`, `BETWEEN` or `IN` means false, so `NOT` and `ALL` first turn it into 0
///   (`NOT COALESCE(…, 0)`), where SQL's three-valued logic would otherwise keep it unknown;
/// - string operators and `[c]`/`[d]` call the functions of ``SQLiteFunctions``, which run the
///   in-memory code;
/// - ANY/NONE/ALL are EXISTS/NOT EXISTS subqueries, `@count` a COUNT subquery.
struct SQLPredicateTranslator {
    func translate(_ predicate: GraphPredicate, in scope: SQLScope) throws -> SQLFragment {
        switch predicate.node {
        case .constant(let value): return SQLFragment(value ? "1" : "0")
        case .and(let parts): return try combine(parts, with: "AND", empty: "1", in: scope)
        case .or(let parts): return try combine(parts, with: "OR", empty: "0", in: scope)
        case .not(let part): return negate(try translate(part, in: scope))
        case .comparison(let comparison): return try translate(comparison, in: scope)
        }
    }

    private func combine(_ parts: [GraphPredicate], with keyword: String, empty: String, in scope: SQLScope) throws -> SQLFragment {
        guard !parts.isEmpty else { return SQLFragment(empty) }
        let fragments = try parts.map { try translate($0, in: scope) }
        if fragments.count == 1 { return fragments[0] }
        return SQLFragment(
            "(" + fragments.map(\.sql).joined(separator: " \(keyword) ") + ")", fragments.flatMap(\.bindings),
            canBeNull: fragments.contains { $0.canBeNull })
    }

    private func negate(_ fragment: SQLFragment) -> SQLFragment {
        SQLFragment(fragment.canBeNull ? "NOT COALESCE(\(fragment.sql), 0)" : "NOT \(fragment.sql)", fragment.bindings)
    }

    private func translate(_ comparison: PredicateComparison, in scope: SQLScope) throws -> SQLFragment {
        guard comparison.modifier != .direct else {
            return try apply(comparison, try operand(comparison.left, in: scope), rightScope: scope)
        }
        guard case .keyPath(let path) = comparison.left else {
            throw SQLTranslationError.untranslatable("\(comparison.modifier.rawValue) needs a key path")
        }
        switch try scope.resolve(path) {
        case .column(let column):
            // No to-many on the way: the single value is the whole collection.
            let test = try apply(comparison, SQLFragment(column), rightScope: scope)
            return comparison.modifier == .none ? negate(test) : test
        case .toMany(let owner, let relationship, let rest):
            let sub = try scope.subquery(over: relationship, owner: owner)
            let value: String
            if rest.isEmpty {
                value = "\(sub.scope.alias).\(StoreSchema.primaryKey)"
            } else {
                guard case .column(let column) = try sub.scope.resolve(rest) else {
                    throw SQLTranslationError.untranslatable("\(comparison.format): two to-many relationships in one key path")
                }
                value = column
            }
            // The right side belongs to the outer object (a correlated subquery).
            var test = try apply(comparison, SQLFragment(value), rightScope: scope)
            if comparison.modifier == .all { test = negate(test) }
            let body = "SELECT 1 FROM \(sub.from)\(sub.scope.joinSQL) WHERE \(sub.link) AND \(test.sql)"
            return SQLFragment((comparison.modifier == .any ? "EXISTS" : "NOT EXISTS") + " (\(body))", test.bindings)
        }
    }

    /// The SQL of `left op right`, with the right side resolved in `rightScope`.
    private func apply(_ comparison: PredicateComparison, _ left: SQLFragment, rightScope: SQLScope) throws -> SQLFragment {
        let options = comparison.options
        switch comparison.op {
        case .in:
            let elements = try (comparison.right.collectionElements ?? []).map { try operand($0, in: rightScope) }
            let values = elements.filter { $0.sql != "NULL" }
            var tests: [SQLFragment] = []
            if !values.isEmpty {
                tests.append(
                    SQLFragment(
                        "\(left.sql) IN (\(values.map(\.sql).joined(separator: ", ")))", left.bindings + values.flatMap(\.bindings),
                        canBeNull: true))
            }
            if values.count < elements.count { tests.append(SQLFragment("\(left.sql) IS NULL", left.bindings)) }
            if tests.isEmpty { return SQLFragment("0") }
            if tests.count == 1 { return tests[0] }
            return SQLFragment("(\(tests[0].sql) OR \(tests[1].sql))", tests.flatMap(\.bindings), canBeNull: true)
        case .between:
            let bounds = try (comparison.right.collectionElements ?? []).map { try operand($0, in: rightScope) }
            guard bounds.count == 2 else { throw SQLTranslationError.untranslatable("BETWEEN needs two bounds") }
            return SQLFragment(
                "\(left.sql) BETWEEN \(bounds[0].sql) AND \(bounds[1].sql)", left.bindings + bounds[0].bindings + bounds[1].bindings,
                canBeNull: true)
        default:
            let right = try operand(comparison.right, in: rightScope)
            let bindings = left.bindings + right.bindings
            switch comparison.op {
            case .equal where options.isEmpty: return SQLFragment("\(left.sql) IS \(right.sql)", bindings)
            case .notEqual where options.isEmpty: return SQLFragment("\(left.sql) IS NOT \(right.sql)", bindings)
            case .notEqual:
                return SQLFragment("NOT \(SQLiteFunctions.functionName(.equal)!)(\(left.sql), \(right.sql), '\(options.flags)')", bindings)
            case .less, .lessOrEqual, .greater, .greaterOrEqual:
                return SQLFragment("\(left.sql) \(comparison.op.rawValue) \(right.sql)", bindings, canBeNull: true)
            default:
                guard let function = SQLiteFunctions.functionName(comparison.op) else {
                    throw SQLTranslationError.untranslatable("no SQL for \(comparison.op.rawValue)")
                }
                return SQLFragment("\(function)(\(left.sql), \(right.sql), '\(options.flags)')", bindings)
            }
        }
    }

    /// A scalar SQL expression for one side of a comparison.
    private func operand(_ expression: PredicateExpression, in scope: SQLScope) throws -> SQLFragment {
        switch expression {
        case .keyPath(let path): return SQLFragment(try scope.column(path))
        case .constant(let value): return try constant(value)
        case .aggregate:
            throw SQLTranslationError.untranslatable("{…} only goes on the right of IN or BETWEEN")
        case .count(let path):
            guard case .toMany(let owner, let relationship, let rest) = try scope.resolve(path), rest.isEmpty else {
                throw SQLTranslationError.invalidKeyPath("\(path.joined(separator: ".")).@count needs a to-many relationship")
            }
            let sub = try scope.subquery(over: relationship, owner: owner)
            return SQLFragment("(SELECT COUNT(*) FROM \(sub.countFrom) WHERE \(sub.link))")
        }
    }

    /// A constant as the store holds such values: booleans 0/1, dates seconds since 2001, objects
    /// their primary key. nil is the literal NULL (so `IS NULL` reads as such).
    private func constant(_ value: Any?) throws -> SQLFragment {
        switch PredicateValue(value) {
        case .null: return SQLFragment("NULL")
        case .integer(let integer): return SQLFragment("?", [.integer(integer)])
        case .real(let real): return SQLFragment("?", [.real(real)])
        case .text(let text): return SQLFragment("?", [.text(text)])
        case .blob(let data): return SQLFragment("?", [.blob(data)])
        case .object(let reference):
            guard let id = reference.id else {
                throw SQLTranslationError.untranslatable("an object without an objectID cannot be compared in SQL")
            }
            return SQLFragment("?", [.integer(id.primaryKey)])
        case .other(let other):
            throw SQLTranslationError.untranslatable("a \(type(of: other)) cannot be compared in SQL")
        }
    }
}

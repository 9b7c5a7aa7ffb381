/// The SELECT and COUNT statements of a fetch: one entity's table as `t0`, a predicate as the
/// WHERE clause and sort descriptors as ORDER BY, as text and bound values the store runs.
///
/// ```swift
/// let query = try SQLQueryBuilder(entity: car, predicate: GraphPredicate(format: "owner.name BEGINSWITH %@", "A"),
///                                 sortDescriptors: [GraphSortDescriptor(key: "owner.name")])
/// query.selectSQL(columns: ["t0.Z_PK"], limit: 10)
/// // SELECT t0.Z_PK FROM ZCAR t0 LEFT JOIN ZPERSON t1 ON t1.Z_PK = t0.ZOWNER
/// //   WHERE OG_BEGINSWITH(t1.ZNAME, ?, '') ORDER BY t1.ZNAME ASC, t0.Z_PK LIMIT 10
/// ```
///
/// Key paths through to-one relationships become LEFT JOINs, shared by the WHERE and ORDER BY
/// clauses, so each relationship is joined once. Rows always end ordered by `Z_PK`, so ties of
/// the sort descriptors come out in insertion order, as a stable sort in memory keeps them.
///
/// The initializer throws ``SQLTranslationError``: `.untranslatable` when the predicate has
/// no SQL form (build the query without it and filter with ``GraphPredicate/evaluate(with:)``,
/// applying limit and offset after), `.invalidKeyPath` for a key the entity does not have or
/// a to-many relationship used as a single value, which is a programming error.
final class SQLQueryBuilder {
    let entity: EntityDescription
    /// The WHERE condition without the keyword, nil without a predicate.
    let condition: SQLFragment?
    /// The ORDER BY terms, ending with `t0.Z_PK`.
    let orderTerms: [String]
    private let root: SQLScope

    init(entity: EntityDescription, predicate: GraphPredicate? = nil, sortDescriptors: [GraphSortDescriptor] = []) throws {
        self.entity = entity
        let root = SQLScope(entity: entity, aliases: SQLAliases())
        self.root = root
        // A predicate that is TRUEPREDICATE needs no WHERE at all.
        if let predicate, !Self.isTrue(predicate) {
            condition = try SQLPredicateTranslator().translate(predicate, in: root)
        } else {
            condition = nil
        }
        var terms: [String] = []
        for descriptor in sortDescriptors {
            let column = try root.column(descriptor.keyPath)
            let collation = descriptor.comparison == .caseInsensitive ? " COLLATE \(SQLiteFunctions.caseInsensitiveCollation)" : ""
            terms.append(column + collation + (descriptor.ascending ? " ASC" : " DESC"))
        }
        terms.append("\(root.alias).\(StoreSchema.primaryKey)")
        orderTerms = terms
    }

    private static func isTrue(_ predicate: GraphPredicate) -> Bool {
        if case .constant(true) = predicate.node { return true }
        return false
    }

    /// `FROM` text: the entity's table and its joins.
    var fromClause: String { "\(StoreSchema.table(entity)) \(root.alias)\(root.joinSQL)" }

    private var whereClause: String { condition.map { " WHERE " + $0.sql } ?? "" }

    /// The SELECT of `columns` (qualified with `t0.`, `t1.`…) for the matching rows, in order.
    ///
    /// - Parameters:
    ///   - columns: what each row holds, such as `["t0.Z_PK", "t0.ZNAME"]`.
    ///   - limit: at most this many rows (Core Data's `fetchLimit`; nil or 0 for all).
    ///   - offset: rows to skip first (`fetchOffset`).
    /// - Returns: the statement and the values to bind to its placeholders.
    func selectSQL(columns: [String], limit: Int? = nil, offset: Int? = nil) -> (sql: String, bindings: [SQLValue]) {
        var sql = "SELECT \(columns.joined(separator: ", ")) FROM \(fromClause)\(whereClause) ORDER BY \(orderTerms.joined(separator: ", "))"
        let limit = limit ?? 0
        let offset = offset ?? 0
        if limit > 0 || offset > 0 {
            // SQLite needs a LIMIT before an OFFSET; -1 means none.
            sql += " LIMIT \(limit > 0 ? limit : -1)"
            if offset > 0 { sql += " OFFSET \(offset)" }
        }
        return (sql, condition?.bindings ?? [])
    }

    /// The COUNT of the matching rows (Core Data's `count(for:)`); ORDER BY is left out.
    func countSQL() -> (sql: String, bindings: [SQLValue]) {
        ("SELECT COUNT(*) FROM \(fromClause)\(whereClause)", condition?.bindings ?? [])
    }
}

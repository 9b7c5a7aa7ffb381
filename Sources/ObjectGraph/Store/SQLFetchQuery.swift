/// The statement for a fetch or a count, with what of the request it covers: a predicate with no
/// SQL form is left to the context, which then also applies the limit and offset.
struct SQLFetchQuery {
    var sql: String
    var bindings: [SQLValue]
    var appliedPredicate = true
    var appliedSort = true
    var appliedLimit = true

    /// - Throws: ``SQLTranslationError/invalidKeyPath(_:)`` for a key the entity lacks.
    init(request: StoreFetch, columns: [String]) throws {
        let builder: SQLQueryBuilder
        do {
            builder = try SQLQueryBuilder(entity: request.entity, predicate: request.predicate, sortDescriptors: request.sortDescriptors)
        } catch SQLTranslationError.untranslatable {
            // Every row, in order; the context filters, then limits.
            builder = try SQLQueryBuilder(entity: request.entity, sortDescriptors: request.sortDescriptors)
            appliedPredicate = false
            appliedLimit = false
        }
        (sql, bindings) = appliedLimit
            ? builder.selectSQL(columns: columns, limit: request.limit, offset: request.offset)
            : builder.selectSQL(columns: columns)
    }

    /// The count, or nil when the predicate has no SQL form.
    init?(countOf request: StoreFetch) throws {
        do {
            (sql, bindings) = try SQLQueryBuilder(entity: request.entity, predicate: request.predicate).countSQL()
        } catch SQLTranslationError.untranslatable {
            return nil
        }
    }
}

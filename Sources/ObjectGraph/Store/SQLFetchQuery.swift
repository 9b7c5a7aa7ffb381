/// The SELECT statement for a fetch, with what of the request it covers.
struct SQLFetchQuery {
    var sql: String
    var bindings: [SQLValue] = []
    var appliedPredicate = true
    var appliedSort = true
    var appliedLimit = true

    init(request: StoreFetch, selectList: String) {
        let table = StoreSchema.table(request.entity)
        sql = "SELECT \(selectList) FROM \(table) t0"
        if request.predicate != nil {
            appliedPredicate = false
        }
        if !request.sortDescriptors.isEmpty { appliedSort = false }
        if appliedPredicate && appliedSort {
            if let limit = request.limit { sql += " LIMIT \(limit)" } else if request.offset != nil { sql += " LIMIT -1" }
            if let offset = request.offset { sql += " OFFSET \(offset)" }
        } else {
            appliedLimit = false
        }
    }

    init?(countOf request: StoreFetch) {
        guard request.predicate == nil else { return nil }
        sql = "SELECT COUNT(*) FROM \(StoreSchema.table(request.entity))"
    }
}

// Mutant: keeps each category's total in a dictionary after the first query, so as not to sum thousands of rows again, but never clears it when an import adds products, so a total asked again in the same launch is stale
// Hint: A total kept from an earlier query is wrong as soon as an import adds products to that category. Ask the database each time: summing one category's prices is quick work for SQLite.
import Foundation
import SQLite3

struct Product: Equatable {
    var sku: String
    var name: String
    var category: String
    var price: Int
}

enum CatalogError: Error {
    case sqlite(code: Int32, message: String)
}

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class Catalog {
    private var db: OpaquePointer?
    private var totals: [String: Int] = [:]

    init() throws {
        let path = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].path + "/catalog.sqlite"
        let rc = sqlite3_open(path, &db)
        guard rc == SQLITE_OK else { throw fail(rc) }
        try exec("CREATE TABLE IF NOT EXISTS products (sku TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, category TEXT NOT NULL, price INTEGER NOT NULL CHECK (price >= 0))")
    }

    private func fail(_ rc: Int32) -> CatalogError {
        .sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
    }

    private func exec(_ sql: String) throws {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw fail(rc) }
    }

    func importProducts(_ products: [Product]) throws -> Int {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, "INSERT INTO products (sku, name, category, price) VALUES (?, ?, ?, ?)", -1, &stmt, nil)
        guard rc == SQLITE_OK else { throw fail(rc) }
        defer { sqlite3_finalize(stmt) }
        try exec("BEGIN TRANSACTION")
        for product in products {
            sqlite3_bind_text(stmt, 1, product.sku, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(stmt, 2, product.name, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(stmt, 3, product.category, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(stmt, 4, Int64(product.price))
            let step = sqlite3_step(stmt)
            if step != SQLITE_DONE {
                let error = fail(step)
                sqlite3_reset(stmt)
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                throw error
            }
            sqlite3_reset(stmt)
            sqlite3_clear_bindings(stmt)
        }
        try exec("COMMIT TRANSACTION")
        return products.count
    }

    func count() throws -> Int {
        try scalar("SELECT COUNT(*) FROM products", nil)
    }

    func total(forCategory category: String) throws -> Int {
        if let cached = totals[category] { return cached }
        let value = try scalar("SELECT IFNULL(SUM(price), 0) FROM products WHERE category = ?", category)
        totals[category] = value
        return value
    }

    private func scalar(_ sql: String, _ argument: String?) throws -> Int {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK else { throw fail(rc) }
        defer { sqlite3_finalize(stmt) }
        if let argument { sqlite3_bind_text(stmt, 1, argument, -1, SQLITE_TRANSIENT) }
        let step = sqlite3_step(stmt)
        guard step == SQLITE_ROW else { throw fail(step) }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    func close() throws {
        let rc = sqlite3_close(db)
        guard rc == SQLITE_OK else { throw fail(rc) }
        db = nil
    }
}

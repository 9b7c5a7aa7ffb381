// Mutant: on a refused row it runs ROLLBACK first and only then builds the error from sqlite3_errcode and sqlite3_errmsg, so the error carries ROLLBACK's result (code 0, "not an error") instead of the constraint's code and message
// Hint: `sqlite3_errcode` and `sqlite3_errmsg` describe the most recent call on the connection, and the `ROLLBACK` you run after the refused row replaces them with its own success. Read the code and the message before you roll back.
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

    init() throws {
        let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("catalog.sqlite")
        if sqlite3_open(url.path, &db) != SQLITE_OK { throw currentError() }
        let sql = """
            CREATE TABLE IF NOT EXISTS products (
                sku TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                category TEXT NOT NULL,
                price INTEGER NOT NULL CHECK (price >= 0)
            )
            """
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK { throw currentError() }
    }

    /// The error SQLite reports for this connection right now.
    private func currentError() -> CatalogError {
        CatalogError.sqlite(code: sqlite3_errcode(db), message: String(cString: sqlite3_errmsg(db)))
    }

    func importProducts(_ products: [Product]) throws -> Int {
        var insert: OpaquePointer?
        if sqlite3_prepare_v2(db, "INSERT INTO products (sku, name, category, price) VALUES (?, ?, ?, ?)", -1, &insert, nil) != SQLITE_OK {
            throw currentError()
        }
        defer { sqlite3_finalize(insert) }

        if sqlite3_exec(db, "BEGIN", nil, nil, nil) != SQLITE_OK { throw currentError() }
        var inserted = 0
        for p in products {
            sqlite3_bind_text(insert, 1, p.sku, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(insert, 2, p.name, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(insert, 3, p.category, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(insert, 4, Int64(p.price))
            if sqlite3_step(insert) != SQLITE_DONE {
                sqlite3_reset(insert)
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                throw currentError()
            }
            sqlite3_reset(insert)
            inserted += 1
        }
        if sqlite3_exec(db, "COMMIT", nil, nil, nil) != SQLITE_OK { throw currentError() }
        return inserted
    }

    func count() throws -> Int {
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM products", -1, &stmt, nil) != SQLITE_OK { throw currentError() }
        defer { sqlite3_finalize(stmt) }
        if sqlite3_step(stmt) != SQLITE_ROW { throw currentError() }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    func total(forCategory category: String) throws -> Int {
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, "SELECT SUM(price) FROM products WHERE category = ?", -1, &stmt, nil) != SQLITE_OK { throw currentError() }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, category, -1, SQLITE_TRANSIENT)
        if sqlite3_step(stmt) != SQLITE_ROW { throw currentError() }
        if sqlite3_column_type(stmt, 0) == SQLITE_NULL { return 0 }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    func close() throws {
        if sqlite3_close(db) != SQLITE_OK { throw currentError() }
        db = nil
    }
}

// Mutant: importProducts answers with SELECT COUNT(*) after the COMMIT, which a student takes for "how many were imported", but that is every product in the table, so a second import answers too much
// Hint: The import returns how many products this call inserted, not how many the table holds: as soon as an earlier import left products in the table, the two differ.
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
    var db: OpaquePointer? = nil

    init() throws {
        let dir = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        var rc = sqlite3_open(dir.appendingPathComponent("catalog.sqlite").path, &db)
        if rc != SQLITE_OK {
            throw CatalogError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
        }
        rc = sqlite3_exec(db, """
            CREATE TABLE IF NOT EXISTS products (
                sku TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                category TEXT NOT NULL,
                price INTEGER NOT NULL CHECK (price >= 0)
            )
            """, nil, nil, nil)
        if rc != SQLITE_OK {
            throw CatalogError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
        }
    }

    func importProducts(_ products: [Product]) throws -> Int {
        var statement: OpaquePointer? = nil
        var rc = sqlite3_prepare_v2(db, "INSERT INTO products (sku, name, category, price) VALUES (?, ?, ?, ?)", -1, &statement, nil)
        if rc != SQLITE_OK {
            throw CatalogError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_exec(db, "BEGIN", nil, nil, nil)
        var index = 0
        while index < products.count {
            let product = products[index]
            sqlite3_bind_text(statement, 1, product.sku, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(statement, 2, product.name, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(statement, 3, product.category, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(statement, 4, Int64(product.price))
            rc = sqlite3_step(statement)
            if rc != SQLITE_DONE {
                let error = CatalogError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
                sqlite3_reset(statement)
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                throw error
            }
            sqlite3_reset(statement)
            index += 1
        }
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
        return try count()
    }

    func count() throws -> Int {
        var statement: OpaquePointer? = nil
        let rc = sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM products", -1, &statement, nil)
        if rc != SQLITE_OK {
            throw CatalogError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_step(statement)
        return Int(sqlite3_column_int(statement, 0))
    }

    func total(forCategory category: String) throws -> Int {
        var statement: OpaquePointer? = nil
        let rc = sqlite3_prepare_v2(db, "SELECT COALESCE(SUM(price), 0) FROM products WHERE category = ?", -1, &statement, nil)
        if rc != SQLITE_OK {
            throw CatalogError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, category, -1, SQLITE_TRANSIENT)
        sqlite3_step(statement)
        return Int(sqlite3_column_int64(statement, 0))
    }

    func close() throws {
        let rc = sqlite3_close(db)
        if rc != SQLITE_OK {
            throw CatalogError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)))
        }
        db = nil
    }
}

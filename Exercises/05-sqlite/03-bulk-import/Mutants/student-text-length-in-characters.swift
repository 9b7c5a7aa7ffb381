// Mutant: every text is bound with its length in Characters (Int32(text.count)) instead of -1, but sqlite3_bind_text takes a length in UTF-8 bytes, so a sku, name or category with accents or emoji is cut short in the table ("Café molido" is stored as "Café molid", "Thé vert 🍵" as "Thé vert ", the sku "THÉ-1" as "THÉ-", which can collide with another sku, and the category "thé" as "th" plus half of the é)
// Hint: sqlite3_bind_text takes a length in UTF-8 bytes (or -1): Characters cut accented text short.
import Foundation
import SQLite3

/// One line of the shop's product catalogue.
struct Product: Equatable {
    /// The product's code, unique in the catalogue ("TEA-0042").
    var sku: String
    var name: String
    var category: String
    /// The price in cents, never negative.
    var price: Int
}

enum CatalogError: Error {
    /// A SQLite call failed: its result code and the text of `sqlite3_errmsg`.
    case sqlite(code: Int32, message: String)
}

/// Tells SQLite to copy a bound text at once (the C macro cannot be imported into Swift).
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The catalogue, kept in the table `products` of `Documents/catalog.sqlite`.
final class Catalog {
    private var db: OpaquePointer?

    /// Opens (or creates) the database and creates the table when it is not there yet.
    /// (Already written: the exercise is the import.)
    init() throws {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let path = documents.appendingPathComponent("catalog.sqlite").path
        let code = sqlite3_open(path, &db)
        guard code == SQLITE_OK else {
            let error = lastError(code)
            sqlite3_close(db)
            db = nil
            throw error
        }
        try execute("""
            CREATE TABLE IF NOT EXISTS products (
                sku TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                category TEXT NOT NULL,
                price INTEGER NOT NULL CHECK (price >= 0)
            )
            """)
    }

    /// Inserts every product, or none: one prepared statement, reused for each row, inside one
    /// transaction. Returns how many rows were inserted.
    @discardableResult
    func importProducts(_ products: [Product]) throws -> Int {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(
            db, "INSERT INTO products (sku, name, category, price) VALUES (?, ?, ?, ?)", -1, &statement, nil)
        guard prepared == SQLITE_OK else {
            let error = lastError(prepared)
            sqlite3_finalize(statement)
            throw error
        }
        defer { sqlite3_finalize(statement) }

        try execute("BEGIN")
        var inserted = 0
        do {
            for product in products {
                sqlite3_bind_text(statement, 1, product.sku, Int32(product.sku.count), SQLITE_TRANSIENT)
                sqlite3_bind_text(statement, 2, product.name, Int32(product.name.count), SQLITE_TRANSIENT)
                sqlite3_bind_text(statement, 3, product.category, Int32(product.category.count), SQLITE_TRANSIENT)
                sqlite3_bind_int64(statement, 4, Int64(product.price))
                let code = sqlite3_step(statement)
                guard code == SQLITE_DONE else {
                    // Read the message now: the ROLLBACK below would replace it.
                    throw lastError(code)
                }
                sqlite3_reset(statement)
                inserted += 1
            }
            try execute("COMMIT")
        } catch {
            sqlite3_reset(statement)
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
        return inserted
    }

    /// How many products the catalogue holds.
    func count() throws -> Int {
        try singleInteger("SELECT COUNT(*) FROM products", binding: nil)
    }

    /// The sum of the prices (in cents) of the products of `category`; 0 when it has none.
    func total(forCategory category: String) throws -> Int {
        // TOTAL() would give a float; COALESCE keeps SUM's integer and turns "no rows" into 0.
        try singleInteger("SELECT COALESCE(SUM(price), 0) FROM products WHERE category = ?", binding: category)
    }

    /// Runs a query that answers one integer, with at most one bound text.
    private func singleInteger(_ sql: String, binding text: String?) throws -> Int {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else {
            let error = lastError(prepared)
            sqlite3_finalize(statement)
            throw error
        }
        defer { sqlite3_finalize(statement) }
        if let text {
            sqlite3_bind_text(statement, 1, text, Int32(text.count), SQLITE_TRANSIENT)
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw lastError(code) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// Closes the database. `sqlite3_close` refuses (SQLITE_BUSY) while a statement is not
    /// finalized, which is reported as an error rather than ignored. (Already written.)
    func close() throws {
        let code = sqlite3_close(db)
        guard code == SQLITE_OK else { throw lastError(code) }
        db = nil
    }

    // MARK: Helpers

    /// Runs SQL that returns no rows (CREATE, BEGIN, COMMIT, ROLLBACK).
    private func execute(_ sql: String) throws {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw lastError(code) }
    }

    /// The error for a failed call, with SQLite's explanation of the last failure. Build it
    /// right away: the next SQLite call on the connection replaces the message.
    private func lastError(_ code: Int32) -> CatalogError {
        .sqlite(code: code, message: String(cString: sqlite3_errmsg(db)))
    }
}

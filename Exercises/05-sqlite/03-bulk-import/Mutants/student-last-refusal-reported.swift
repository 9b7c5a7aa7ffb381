// Mutant: a refused row does not stop the import: it remembers the error and goes on with the next products, then rolls back and throws the error of the LAST refused row, so an import whose first refused product breaks the CHECK and a later one the sku (or the other way round) reports the later refusal ("UNIQUE constraint failed: products.sku" instead of "CHECK constraint failed: price >= 0")
// Hint: The import must stop at the first row SQLite refuses: the error to throw is that row's, not one found by going on through the list.
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
            db, "INSERT INTO products (sku, name, category, price) VALUES (?, ?, ?, ?)",
            -1, &statement, nil)
        guard prepared == SQLITE_OK else {
            let error = lastError(prepared)
            sqlite3_finalize(statement)
            throw error
        }
        defer { sqlite3_finalize(statement) }

        try execute("BEGIN")
        var inserted = 0
        var refusal: CatalogError?
        for product in products {
            sqlite3_bind_text(statement, 1, product.sku, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(statement, 2, product.name, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(statement, 3, product.category, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(statement, 4, Int64(product.price))
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE {
                inserted += 1
            } else {
                // Go on through the list, so that the error describes the refused row found
                // by the whole import; everything is rolled back below anyway.
                refusal = lastError(code)
            }
            sqlite3_reset(statement)
        }
        if let refusal {
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw refusal
        }
        do {
            try execute("COMMIT")
        } catch {
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
        return inserted
    }

    /// How many products the catalogue holds.
    func count() throws -> Int {
        try integer("SELECT COUNT(*) FROM products", binding: nil)
    }

    /// The sum of the prices (in cents) of the products of `category`; 0 when it has none.
    func total(forCategory category: String) throws -> Int {
        // SUM over no rows is NULL; TOTAL would be a REAL. COALESCE keeps an integer 0.
        try integer("SELECT COALESCE(SUM(price), 0) FROM products WHERE category = ?",
                    binding: category)
    }

    /// Closes the database. `sqlite3_close` refuses (SQLITE_BUSY) while a statement is not
    /// finalized, which is reported as an error rather than ignored. (Already written.)
    func close() throws {
        let code = sqlite3_close(db)
        guard code == SQLITE_OK else { throw lastError(code) }
        db = nil
    }

    // MARK: Helpers

    /// Runs a query that answers one integer, with at most one bound text.
    private func integer(_ sql: String, binding text: String?) throws -> Int {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else {
            let error = lastError(prepared)
            sqlite3_finalize(statement)
            throw error
        }
        defer { sqlite3_finalize(statement) }
        if let text {
            sqlite3_bind_text(statement, 1, text, -1, SQLITE_TRANSIENT)
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw lastError(code) }
        guard sqlite3_column_type(statement, 0) != SQLITE_NULL else { return 0 }
        return Int(sqlite3_column_int64(statement, 0))
    }

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

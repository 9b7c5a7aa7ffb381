// Mutant: count() counts the rows once and then answers from a property that importProducts increments after each inserted row, but the ROLLBACK of a refused import does not take those increments back, so in the same launch count() still includes the rows that were rolled back (once count() has been asked, e.g. 2 after the tea import, the refused jam-and-tea import makes it answer 3 instead of 2; a count first asked after the refusal is right)
// Hint: Ask the store each time: a tally kept in memory counts rows a ROLLBACK took back.
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

    /// The number of products, counted once and then kept up to date by the imports, so that
    /// count() does not scan 10,000 rows at every call.
    private var knownCount: Int?

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
        do {
            for product in products {
                bindText(product.sku, at: 1, in: statement)
                bindText(product.name, at: 2, in: statement)
                bindText(product.category, at: 3, in: statement)
                sqlite3_bind_int64(statement, 4, Int64(product.price))
                let stepped = sqlite3_step(statement)
                guard stepped == SQLITE_DONE else {
                    // Read the message now: the ROLLBACK below replaces it.
                    throw lastError(stepped)
                }
                sqlite3_reset(statement)
                inserted += 1
                if let known = knownCount { knownCount = known + 1 }
            }
            try execute("COMMIT")
        } catch {
            sqlite3_reset(statement)
            if sqlite3_get_autocommit(db) == 0 {
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
        return inserted
    }

    /// How many products the catalogue holds.
    func count() throws -> Int {
        if let knownCount { return knownCount }
        let counted = try integer(from: "SELECT COUNT(*) FROM products", binding: nil)
        knownCount = counted
        return counted
    }

    /// The sum of the prices (in cents) of the products of `category`; 0 when it has none.
    func total(forCategory category: String) throws -> Int {
        // SUM over no rows is NULL; COALESCE turns it into 0.
        try integer(from: "SELECT COALESCE(SUM(price), 0) FROM products WHERE category = ?",
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

    /// Runs SQL that returns no rows (CREATE, BEGIN, COMMIT, ROLLBACK).
    private func execute(_ sql: String) throws {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw lastError(code) }
    }

    private func bindText(_ value: String, at index: Int32, in statement: OpaquePointer?) {
        sqlite3_bind_text(statement, index, value, Int32(value.utf8.count), SQLITE_TRANSIENT)
    }

    /// Runs a query that returns one integer, binding `text` (if any) to its only parameter.
    private func integer(from sql: String, binding text: String?) throws -> Int {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else {
            let error = lastError(prepared)
            sqlite3_finalize(statement)
            throw error
        }
        defer { sqlite3_finalize(statement) }
        if let text { bindText(text, at: 1, in: statement) }
        let stepped = sqlite3_step(statement)
        guard stepped == SQLITE_ROW else { throw lastError(stepped) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// The error for a failed call, with SQLite's explanation of the last failure. Build it
    /// right away: the next SQLite call on the connection replaces the message.
    private func lastError(_ code: Int32) -> CatalogError {
        .sqlite(code: code, message: String(cString: sqlite3_errmsg(db)))
    }
}

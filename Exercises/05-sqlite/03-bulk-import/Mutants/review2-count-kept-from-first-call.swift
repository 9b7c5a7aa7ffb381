// Mutant: count() asks the table once per launch and answers the same number afterwards, so a count after a later import in the same launch misses the new products
// Hint: Every count must ask the table: products imported since the last count belong to it.
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

/// Tells SQLite to copy a bound text at once. Its C macro cannot be imported into Swift, and a
/// Swift `String` passed to a C function only lives as long as that call.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The catalogue, kept in the table `products` of `Documents/catalog.sqlite`.
final class Catalog {
    private var db: OpaquePointer?

    /// Opens (or creates) the database and creates the table when it is not there yet.
    init() throws {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let path = documents.appendingPathComponent("catalog.sqlite").path
        let code = sqlite3_open(path, &db)
        guard code == SQLITE_OK else {
            let error = lastError(code)
            // Even a failed open returns a handle (when memory allows) that must be closed.
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
        // Prepared once: SQLite parses and plans the INSERT a single time.
        var statement: OpaquePointer?
        let sql = "INSERT INTO products (sku, name, category, price) VALUES (?, ?, ?, ?)"
        let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else { throw lastError(prepared) }
        // Whatever happens below, the statement is finalized (after the ROLLBACK, if any).
        defer { sqlite3_finalize(statement) }

        // Without BEGIN, every INSERT would be its own transaction, each one waiting for the
        // disk to confirm the write: thousands of rows would take seconds instead of milliseconds.
        try execute("BEGIN")
        do {
            for product in products {
                // Parameters are numbered from 1, in the order of the `?` in the SQL.
                try check(sqlite3_bind_text(statement, 1, product.sku, -1, SQLITE_TRANSIENT))
                try check(sqlite3_bind_text(statement, 2, product.name, -1, SQLITE_TRANSIENT))
                try check(sqlite3_bind_text(statement, 3, product.category, -1, SQLITE_TRANSIENT))
                try check(sqlite3_bind_int64(statement, 4, Int64(product.price)))
                let stepped = sqlite3_step(statement)
                // A repeated sku or a negative price ends here with SQLITE_CONSTRAINT.
                guard stepped == SQLITE_DONE else { throw lastError(stepped) }
                // Ready for the next row; the new bindings replace the old ones.
                sqlite3_reset(statement)
            }
            try execute("COMMIT")
        } catch {
            // The error was built before this line: ROLLBACK replaces sqlite3_errmsg's text.
            // Undo every row of this import, so that a failed import leaves the table as it was.
            sqlite3_reset(statement)
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
        return products.count
    }

    /// How many products the catalogue holds.
    private var knownCount: Int?

    func count() throws -> Int {
        if let knownCount { return knownCount }
        let counted = try queryInt("SELECT COUNT(*) FROM products")
        knownCount = counted
        return counted
    }

    /// The sum of the prices (in cents) of the products of `category`; 0 when it has none.
    func total(forCategory category: String) throws -> Int {
        // SUM of no rows is NULL: COALESCE turns it into 0.
        try queryInt("SELECT COALESCE(SUM(price), 0) FROM products WHERE category = ?", category)
    }

    /// Closes the database. `sqlite3_close` refuses (SQLITE_BUSY) while a statement is not
    /// finalized, which is reported as an error rather than ignored.
    func close() throws {
        let code = sqlite3_close(db)
        guard code == SQLITE_OK else { throw lastError(code) }
        db = nil
    }

    // MARK: Helpers

    /// Runs SQL that returns no rows (CREATE, BEGIN, COMMIT).
    private func execute(_ sql: String) throws {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw lastError(code) }
    }

    /// The integer in the first column of the single row `sql` returns, with one optional text
    /// parameter.
    private func queryInt(_ sql: String, _ text: String? = nil) throws -> Int {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else { throw lastError(prepared) }
        defer { sqlite3_finalize(statement) }
        if let text {
            try check(sqlite3_bind_text(statement, 1, text, -1, SQLITE_TRANSIENT))
        }
        let stepped = sqlite3_step(statement)
        guard stepped == SQLITE_ROW else { throw lastError(stepped) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// Throws unless a bind call succeeded.
    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw lastError(code) }
    }

    /// The error for a failed call, with SQLite's explanation of the last failure.
    private func lastError(_ code: Int32) -> CatalogError {
        .sqlite(code: code, message: String(cString: sqlite3_errmsg(db)))
    }
}

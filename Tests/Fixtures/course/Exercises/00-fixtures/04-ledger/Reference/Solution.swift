import Foundation
import SQLite3

struct LedgerError: Error, CustomStringConvertible {
    var description: String
}

/// Entries in `Documents/ledger.sqlite`, through SQLite's C API.
final class Ledger {
    static let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("ledger.sqlite")

    private var db: OpaquePointer?

    init() throws {
        guard sqlite3_open(Self.url.path, &db) == SQLITE_OK else { throw error() }
        try execute("""
            CREATE TABLE IF NOT EXISTS entries(
                id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, amount INTEGER NOT NULL);
            PRAGMA user_version = 3;
            """)
    }

    func add(_ name: String, amount: Int) throws {
        try insert([(name, amount)])
    }

    /// Adds `count` generated entries in one transaction.
    func addMany(count: Int) throws {
        try execute("BEGIN")
        do {
            try insert((0..<count).map { ("entry \($0)", $0 % 100) })
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func close() throws {
        guard sqlite3_close(db) == SQLITE_OK else { throw error() }
        db = nil
    }

    private func insert(_ entries: [(String, Int)]) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO entries(name, amount) VALUES (?, ?)", -1, &statement, nil) == SQLITE_OK else {
            throw error()
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (name, amount) in entries {
            sqlite3_bind_text(statement, 1, name, -1, transient)
            sqlite3_bind_int64(statement, 2, Int64(amount))
            guard sqlite3_step(statement) == SQLITE_DONE else { throw error() }
            sqlite3_reset(statement)
        }
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw error() }
    }

    private func error() -> LedgerError {
        LedgerError(description: db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the ledger")
    }
}

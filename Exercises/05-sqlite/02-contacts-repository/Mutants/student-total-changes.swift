// Mutant: checks for a missing id with sqlite3_total_changes, which a student picks from autocompletion, but it counts every change since the connection opened, so once anything was written a missing id no longer throws notFound
// Hint: `sqlite3_total_changes` counts every row changed since the connection opened, so after the first write it is never 0 again. Whether this `UPDATE` or `DELETE` found its row is what the count of the last statement alone tells you.
import Foundation
import SQLite3

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

struct Contact: Equatable {
    var id: Int
    var name: String
    var phone: String
}

enum SQLiteError: Error {
    case open(String)
    case exec(String)
    case prepare(String)
    case step(String)
    case close(String)
}

enum ContactsError: Error, Equatable {
    case notFound(Int)
}

final class ContactsRepository {
    private var db: OpaquePointer?

    init() throws {
        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let path = folder.appendingPathComponent("contacts.sqlite").path
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw SQLiteError.open(lastError) }
        try run("PRAGMA journal_mode=WAL")
        try run("""
            CREATE TABLE IF NOT EXISTS contacts (
                id    INTEGER PRIMARY KEY AUTOINCREMENT,
                name  TEXT NOT NULL,
                phone TEXT NOT NULL
            )
            """)
    }

    private var lastError: String { String(cString: sqlite3_errmsg(db)) }

    private func run(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw SQLiteError.exec(lastError) }
    }

    /// Prepares, lets the caller bind, steps to the end, and finalizes.
    private func write(_ sql: String, bind: (OpaquePointer?) -> Void) throws {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { throw SQLiteError.prepare(lastError) }
        defer { sqlite3_finalize(stmt) }
        bind(stmt)
        guard sqlite3_step(stmt) == SQLITE_DONE else { throw SQLiteError.step(lastError) }
    }

    private func query(_ sql: String, bind: (OpaquePointer?) -> Void) throws -> [Contact] {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { throw SQLiteError.prepare(lastError) }
        defer { sqlite3_finalize(stmt) }
        bind(stmt)
        var rows: [Contact] = []
        var rc = sqlite3_step(stmt)
        while rc == SQLITE_ROW {
            rows.append(Contact(id: Int(sqlite3_column_int64(stmt, 0)),
                                name: String(cString: sqlite3_column_text(stmt, 1)),
                                phone: String(cString: sqlite3_column_text(stmt, 2))))
            rc = sqlite3_step(stmt)
        }
        guard rc == SQLITE_DONE else { throw SQLiteError.step(lastError) }
        return rows
    }

    func create(name: String, phone: String) throws -> Int {
        try write("INSERT INTO contacts (name, phone) VALUES (?, ?)") { stmt in
            sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(stmt, 2, phone, -1, SQLITE_TRANSIENT)
        }
        return Int(sqlite3_last_insert_rowid(db))
    }

    func read(id: Int) throws -> Contact? {
        try query("SELECT id, name, phone FROM contacts WHERE id = ?") { stmt in
            sqlite3_bind_int64(stmt, 1, Int64(id))
        }.first
    }

    func update(_ contact: Contact) throws {
        try write("UPDATE contacts SET name = ?, phone = ? WHERE id = ?") { stmt in
            sqlite3_bind_text(stmt, 1, contact.name, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(stmt, 2, contact.phone, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(stmt, 3, Int64(contact.id))
        }
        if sqlite3_total_changes(db) == 0 { throw ContactsError.notFound(contact.id) }
    }

    func delete(id: Int) throws {
        try write("DELETE FROM contacts WHERE id = ?") { stmt in
            sqlite3_bind_int64(stmt, 1, Int64(id))
        }
        if sqlite3_total_changes(db) == 0 { throw ContactsError.notFound(id) }
    }

    func search(_ text: String) throws -> [Contact] {
        var escaped = ""
        for ch in text {
            if ch == "\\" || ch == "%" || ch == "_" { escaped.append("\\") }
            escaped.append(ch)
        }
        return try query("SELECT id, name, phone FROM contacts WHERE name LIKE ? ESCAPE '\\' ORDER BY name COLLATE NOCASE, id") { stmt in
            sqlite3_bind_text(stmt, 1, "%\(escaped)%", -1, SQLITE_TRANSIENT)
        }
    }

    func close() throws {
        guard db != nil else { return }
        guard sqlite3_close(db) == SQLITE_OK else { throw SQLiteError.close(lastError) }
        db = nil
    }
}

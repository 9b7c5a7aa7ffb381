// Mutant: an update that sets the same name and phone changes no row and is reported as notFound
// Hint: update an existing contact with exactly the values it already has: does the row exist, and what does your code say?
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
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let path = documents.appendingPathComponent("contacts.sqlite").path
        guard sqlite3_open(path, &db) == SQLITE_OK else {
            let message = errorMessage()
            sqlite3_close(db)
            db = nil
            throw SQLiteError.open(message)
        }
        try execute("PRAGMA journal_mode=WAL")
        try execute("""
            CREATE TABLE IF NOT EXISTS contacts (
                id    INTEGER PRIMARY KEY AUTOINCREMENT,
                name  TEXT NOT NULL,
                phone TEXT NOT NULL
            )
            """)
    }

    private func errorMessage() -> String {
        String(cString: sqlite3_errmsg(db))
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError.exec(errorMessage())
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteError.prepare(errorMessage())
        }
        return statement
    }

    private func bind(_ text: String, at index: Int32, in statement: OpaquePointer?) {
        sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT)
    }

    private func contact(from statement: OpaquePointer?) -> Contact {
        Contact(id: Int(sqlite3_column_int64(statement, 0)),
                name: String(cString: sqlite3_column_text(statement, 1)),
                phone: String(cString: sqlite3_column_text(statement, 2)))
    }

    func create(name: String, phone: String) throws -> Int {
        let statement = try prepare("INSERT INTO contacts (name, phone) VALUES (?, ?)")
        defer { sqlite3_finalize(statement) }
        bind(name, at: 1, in: statement)
        bind(phone, at: 2, in: statement)
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(errorMessage())
        }
        return Int(sqlite3_last_insert_rowid(db))
    }

    func read(id: Int) throws -> Contact? {
        let statement = try prepare("SELECT id, name, phone FROM contacts WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(id))
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
            return contact(from: statement)
        case SQLITE_DONE:
            return nil
        default:
            throw SQLiteError.step(errorMessage())
        }
    }

    func update(_ contact: Contact) throws {
        // Skip the write when nothing would change.
        let statement = try prepare("""
            UPDATE contacts SET name = ?1, phone = ?2
            WHERE id = ?3 AND (name <> ?1 OR phone <> ?2)
            """)
        defer { sqlite3_finalize(statement) }
        bind(contact.name, at: 1, in: statement)
        bind(contact.phone, at: 2, in: statement)
        sqlite3_bind_int64(statement, 3, Int64(contact.id))
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(errorMessage())
        }
        if sqlite3_changes(db) == 0 {
            throw ContactsError.notFound(contact.id)
        }
    }

    func delete(id: Int) throws {
        let statement = try prepare("DELETE FROM contacts WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(id))
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(errorMessage())
        }
        if sqlite3_changes(db) == 0 {
            throw ContactsError.notFound(id)
        }
    }

    func search(_ text: String) throws -> [Contact] {
        let escaped = text
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        let statement = try prepare("""
            SELECT id, name, phone FROM contacts
            WHERE name LIKE ? ESCAPE '\\'
            ORDER BY name COLLATE NOCASE, id
            """)
        defer { sqlite3_finalize(statement) }
        bind("%" + escaped + "%", at: 1, in: statement)

        var results: [Contact] = []
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            results.append(contact(from: statement))
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else {
            throw SQLiteError.step(errorMessage())
        }
        return results
    }

    func close() throws {
        guard sqlite3_close(db) == SQLITE_OK else {
            throw SQLiteError.close(errorMessage())
        }
        db = nil
    }
}

// Mutant: create() gives the new contact the largest id plus one, so once the newest contact is deleted its id is handed out again
// Hint: The id of a deleted contact must never come back: let SQLite choose the id, as AUTOINCREMENT does.
import Foundation
import SQLite3

/// `SQLITE_TRANSIENT` is a C macro that Swift cannot import: this is its usual spelling.
/// Passed to `sqlite3_bind_text`, it makes SQLite copy the text before the call returns.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One row of the `contacts` table.
struct Contact: Equatable {
    var id: Int
    var name: String
    var phone: String
}

/// A SQLite call that did not succeed, with SQLite's own explanation (`sqlite3_errmsg`).
enum SQLiteError: Error {
    case open(String)
    case exec(String)
    case prepare(String)
    case step(String)
    case close(String)
}

enum ContactsError: Error, Equatable {
    /// No contact has this id.
    case notFound(Int)
}

/// The address book: the table `contacts` of `Documents/contacts.sqlite`, in WAL mode.
final class ContactsRepository {
    /// The connection: set by `init`, cleared by a successful `close()`.
    private var db: OpaquePointer?

    static var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("contacts.sqlite")
    }

    /// Opens (or creates) the database, switches it to WAL and makes sure the table exists.
    init() throws {
        guard sqlite3_open(Self.fileURL.path, &db) == SQLITE_OK else {
            let message = errorMessage
            sqlite3_close(db)        // even a failed open hands back a handle to release
            db = nil
            throw SQLiteError.open(message)
        }
        do {
            // The mode is stored in the file; asking again on every open is harmless.
            try execute("PRAGMA journal_mode=WAL")
            try execute("""
                CREATE TABLE IF NOT EXISTS contacts (
                    id    INTEGER PRIMARY KEY AUTOINCREMENT,
                    name  TEXT NOT NULL,
                    phone TEXT NOT NULL
                )
                """)
        } catch {
            sqlite3_close(db)
            db = nil
            throw error
        }
    }

    /// Inserts a contact and returns its new id.
    func create(name: String, phone: String) throws -> Int {
        // The values travel as bound parameters, never inside the SQL text: a name such as
        // "Robert'); DROP TABLE contacts;--" is then just a name.
        let statement = try prepare("INSERT INTO contacts (id, name, phone) VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM contacts), ?, ?)")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 2, phone, -1, SQLITE_TRANSIENT)
        try stepToEnd(statement)
        return Int(sqlite3_last_insert_rowid(db))
    }

    /// The contact with this id, or nil.
    func read(id: Int) throws -> Contact? {
        let statement = try prepare("SELECT id, name, phone FROM contacts WHERE id = ?")
        // The defer finalizes on the early "no row" return too.
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(id))
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return contact(at: statement)
        case SQLITE_DONE: return nil
        default: throw SQLiteError.step(errorMessage)
        }
    }

    /// Replaces the name and phone of the contact with `contact.id`.
    func update(_ contact: Contact) throws {
        let statement = try prepare("UPDATE contacts SET name = ?, phone = ? WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, contact.name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 2, contact.phone, -1, SQLITE_TRANSIENT)
        sqlite3_bind_int64(statement, 3, Int64(contact.id))
        try stepToEnd(statement)
        // An UPDATE that matches no row still succeeds: count the rows it changed.
        guard sqlite3_changes(db) > 0 else { throw ContactsError.notFound(contact.id) }
    }

    /// Deletes the contact with this id.
    func delete(id: Int) throws {
        let statement = try prepare("DELETE FROM contacts WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(id))
        try stepToEnd(statement)
        guard sqlite3_changes(db) > 0 else { throw ContactsError.notFound(id) }
    }

    /// The contacts whose name contains `text`, ignoring the case of A–Z, sorted by name
    /// (same case rule), then by id. `%` and `_` in `text` match only themselves.
    func search(_ text: String) throws -> [Contact] {
        let statement = try prepare("""
            SELECT id, name, phone FROM contacts
            WHERE name LIKE ? ESCAPE '\\'
            ORDER BY name COLLATE NOCASE, id
            """)
        defer { sqlite3_finalize(statement) }
        // Escape LIKE's own wildcards (and the escape character itself), then wrap the text
        // in % so that it may appear anywhere in the name.
        let literal = text
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        sqlite3_bind_text(statement, 1, "%" + literal + "%", -1, SQLITE_TRANSIENT)

        var contacts: [Contact] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { break }
            guard result == SQLITE_ROW else { throw SQLiteError.step(errorMessage) }
            contacts.append(contact(at: statement))
        }
        return contacts
    }

    /// Closes the connection. The last connection to close a WAL database copies the log
    /// into the database and deletes `contacts.sqlite-wal`. `sqlite3_close` refuses
    /// (SQLITE_BUSY) while a statement is unfinalized: that throws `SQLiteError.close`.
    func close() throws {
        guard db != nil else { return }          // already closed
        guard sqlite3_close(db) == SQLITE_OK else {
            throw SQLiteError.close(errorMessage)
        }
        db = nil
    }

    // MARK: - Helpers

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError.exec(errorMessage)
        }
    }

    /// A prepared statement, which the caller must finalize.
    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteError.prepare(errorMessage)
        }
        return statement
    }

    /// Runs a statement that returns no rows (INSERT, UPDATE, DELETE).
    private func stepToEnd(_ statement: OpaquePointer?) throws {
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(errorMessage)
        }
    }

    /// The contact on the current row of a `SELECT id, name, phone …`.
    private func contact(at statement: OpaquePointer?) -> Contact {
        Contact(id: Int(sqlite3_column_int64(statement, 0)),
                name: text(statement, 1),
                phone: text(statement, 2))
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    private var errorMessage: String {
        String(cString: sqlite3_errmsg(db))
    }
}

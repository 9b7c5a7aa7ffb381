// Mutant: close() switches the database back to PRAGMA journal_mode=DELETE before sqlite3_close to be sure no -wal file is left, and the journal mode is stored in the file, so between launches (and whenever the cases look at it after a close) contacts.sqlite is in rollback-journal mode, not WAL
// Hint: WAL is the file's mode, kept between launches: close() only closes the connection (SQLite folds the log back itself).
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

    /// Opens (or creates) the database, switches it to WAL and makes sure the table exists.
    init() throws {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let path = documents.appendingPathComponent("contacts.sqlite").path
        guard sqlite3_open(path, &db) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close(db)
            db = nil
            throw SQLiteError.open(message)
        }
        do {
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

    deinit {
        if db != nil { sqlite3_close(db) }
    }

    // MARK: Helpers

    private var errorMessage: String { String(cString: sqlite3_errmsg(db)) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError.exec(errorMessage)
        }
    }

    /// Prepares `sql`, runs `body` with the statement, and finalizes it on every way out.
    private func withStatement<T>(_ sql: String, _ body: (OpaquePointer?) throws -> T) throws -> T {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteError.prepare(errorMessage)
        }
        defer { sqlite3_finalize(statement) }
        return try body(statement)
    }

    private func bindText(_ value: String, _ index: Int32, _ statement: OpaquePointer?) {
        sqlite3_bind_text(statement, index, value, -1, SQLITE_TRANSIENT)
    }

    private func contacts(from statement: OpaquePointer?) throws -> [Contact] {
        var result: [Contact] = []
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            result.append(Contact(
                id: Int(sqlite3_column_int64(statement, 0)),
                name: sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? "",
                phone: sqlite3_column_text(statement, 2).map { String(cString: $0) } ?? ""))
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw SQLiteError.step(errorMessage) }
        return result
    }

    // MARK: CRUD

    /// Inserts a contact and returns its new id.
    func create(name: String, phone: String) throws -> Int {
        try withStatement("INSERT INTO contacts (name, phone) VALUES (?, ?)") { statement in
            bindText(name, 1, statement)
            bindText(phone, 2, statement)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw SQLiteError.step(errorMessage) }
            return Int(sqlite3_last_insert_rowid(db))
        }
    }

    /// The contact with this id, or nil.
    func read(id: Int) throws -> Contact? {
        try withStatement("SELECT id, name, phone FROM contacts WHERE id = ?") { statement in
            sqlite3_bind_int64(statement, 1, Int64(id))
            return try contacts(from: statement).first
        }
    }

    /// Replaces the name and phone of the contact with `contact.id`,
    /// or throws `ContactsError.notFound`.
    func update(_ contact: Contact) throws {
        try withStatement("UPDATE contacts SET name = ?, phone = ? WHERE id = ?") { statement in
            bindText(contact.name, 1, statement)
            bindText(contact.phone, 2, statement)
            sqlite3_bind_int64(statement, 3, Int64(contact.id))
            guard sqlite3_step(statement) == SQLITE_DONE else { throw SQLiteError.step(errorMessage) }
            guard sqlite3_changes(db) > 0 else { throw ContactsError.notFound(contact.id) }
        }
    }

    /// Deletes the contact with this id, or throws `ContactsError.notFound`.
    func delete(id: Int) throws {
        try withStatement("DELETE FROM contacts WHERE id = ?") { statement in
            sqlite3_bind_int64(statement, 1, Int64(id))
            guard sqlite3_step(statement) == SQLITE_DONE else { throw SQLiteError.step(errorMessage) }
            guard sqlite3_changes(db) > 0 else { throw ContactsError.notFound(id) }
        }
    }

    /// The contacts whose name contains `text` (ignoring the case of A–Z), sorted by name
    /// (same case rule), then by id. `%` and `_` in `text` match only themselves.
    func search(_ text: String) throws -> [Contact] {
        let escaped = text
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        let sql = """
            SELECT id, name, phone FROM contacts
            WHERE name LIKE ? ESCAPE '\\'
            ORDER BY name COLLATE NOCASE, id
            """
        return try withStatement(sql) { statement in
            bindText("%" + escaped + "%", 1, statement)
            return try contacts(from: statement)
        }
    }

    /// Closes the connection, or throws `SQLiteError.close` when SQLite refuses.
    func close() throws {
        guard db != nil else { return }
        // Leave a single, tidy file behind: back to the rollback journal, which also
        // checkpoints the log and removes contacts.sqlite-wal (WAL mode comes back at the next init).
        try execute("PRAGMA journal_mode=DELETE")
        guard sqlite3_close(db) == SQLITE_OK else { throw SQLiteError.close(errorMessage) }
        db = nil
    }
}

// Mutant: search lowercases the typed text before escaping it (LIKE already folds A–Z in the name), but Swift's lowercased() also folds letters outside ASCII, which LIKE compares exactly, so "É" becomes "é" and no longer finds "Élodie" (while "é" still finds only "élan")
// Hint: Changing the case of the typed text yourself also changes letters outside ASCII, which LIKE compares exactly.
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
        let fileManager = FileManager.default
        let documents = fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
        try? fileManager.createDirectory(at: documents, withIntermediateDirectories: true)
        let path = documents.appendingPathComponent("contacts.sqlite").path

        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK else {
            let message = Self.errorText(handle)
            sqlite3_close(handle)
            throw SQLiteError.open(message)
        }
        db = handle

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
            sqlite3_close(handle)
            db = nil
            throw error
        }
    }

    deinit {
        if let db {
            sqlite3_close(db)
        }
    }

    /// Inserts a contact and returns its new id.
    @discardableResult
    func create(name: String, phone: String) throws -> Int {
        let statement = try prepare("INSERT INTO contacts (name, phone) VALUES (?, ?)")
        defer { sqlite3_finalize(statement) }
        bind(name, at: 1, in: statement)
        bind(phone, at: 2, in: statement)
        try stepToEnd(statement)
        return Int(sqlite3_last_insert_rowid(db))
    }

    /// The contact with this id, or nil.
    func read(id: Int) throws -> Contact? {
        let statement = try prepare("SELECT id, name, phone FROM contacts WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(id))
        return try rows(of: statement).first
    }

    /// Replaces the name and phone of the contact with `contact.id`,
    /// or throws `ContactsError.notFound`.
    func update(_ contact: Contact) throws {
        let statement = try prepare("UPDATE contacts SET name = ?, phone = ? WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        bind(contact.name, at: 1, in: statement)
        bind(contact.phone, at: 2, in: statement)
        sqlite3_bind_int64(statement, 3, Int64(contact.id))
        try stepToEnd(statement)
        // An UPDATE counts every row its WHERE matched, even when the values did not change.
        guard sqlite3_changes(db) > 0 else { throw ContactsError.notFound(contact.id) }
    }

    /// Deletes the contact with this id, or throws `ContactsError.notFound`.
    func delete(id: Int) throws {
        let statement = try prepare("DELETE FROM contacts WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(id))
        try stepToEnd(statement)
        guard sqlite3_changes(db) > 0 else { throw ContactsError.notFound(id) }
    }

    /// The contacts whose name contains `text` (ignoring the case of A–Z), sorted by name
    /// (same case rule), then by id. `%` and `_` in `text` match only themselves.
    func search(_ text: String) throws -> [Contact] {
        let statement = try prepare("""
            SELECT id, name, phone FROM contacts
            WHERE name LIKE ? ESCAPE '\\'
            ORDER BY name COLLATE NOCASE, id
            """)
        defer { sqlite3_finalize(statement) }
        var escaped = ""
        // LIKE already ignores case, so the typed text is simply lowercased.
        for character in text.lowercased() {
            if character == "\\" || character == "%" || character == "_" {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        bind("%" + escaped + "%", at: 1, in: statement)
        return try rows(of: statement)
    }

    /// Closes the connection, or throws `SQLiteError.close` when SQLite refuses.
    func close() throws {
        guard let handle = db else { return }
        guard sqlite3_close(handle) == SQLITE_OK else {
            throw SQLiteError.close(Self.errorText(handle))
        }
        db = nil
    }

    // MARK: - Helpers

    private static func errorText(_ handle: OpaquePointer?) -> String {
        guard let handle else { return "the database is not open" }
        return String(cString: sqlite3_errmsg(handle))
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError.exec(Self.errorText(db))
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            let message = Self.errorText(db)
            sqlite3_finalize(statement)
            throw SQLiteError.prepare(message)
        }
        return statement
    }

    private func bind(_ text: String, at index: Int32, in statement: OpaquePointer?) {
        sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT)
    }

    private func stepToEnd(_ statement: OpaquePointer?) throws {
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(Self.errorText(db))
        }
    }

    /// Reads every row of a `SELECT id, name, phone` statement.
    private func rows(of statement: OpaquePointer?) throws -> [Contact] {
        var contacts: [Contact] = []
        var result = sqlite3_step(statement)
        while result == SQLITE_ROW {
            contacts.append(Contact(
                id: Int(sqlite3_column_int64(statement, 0)),
                name: sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? "",
                phone: sqlite3_column_text(statement, 2).map { String(cString: $0) } ?? ""))
            result = sqlite3_step(statement)
        }
        guard result == SQLITE_DONE else { throw SQLiteError.step(Self.errorText(db)) }
        return contacts
    }
}

// Mutant: search() loads every contact and filters and sorts in Swift with lowercased(), which a student finds easier than LIKE and ESCAPE, but lowercased() folds every letter, so "émile" also finds "Émile"
// Hint: Swift's `lowercased()` folds every letter, accented ones included, but this search ignores case only for A–Z, as SQLite's `LIKE` and `COLLATE NOCASE` do. Let the database match and sort the names by the rules the statement gives.
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
    var db: OpaquePointer?

    init() throws {
        let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("contacts.sqlite")
        if sqlite3_open(url.path, &db) != SQLITE_OK {
            throw SQLiteError.open(String(cString: sqlite3_errmsg(db)))
        }
        if sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil) != SQLITE_OK {
            throw SQLiteError.exec(String(cString: sqlite3_errmsg(db)))
        }
        let sql = "CREATE TABLE IF NOT EXISTS contacts (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, phone TEXT NOT NULL)"
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK {
            throw SQLiteError.exec(String(cString: sqlite3_errmsg(db)))
        }
    }

    func create(name: String, phone: String) throws -> Int {
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, "INSERT INTO contacts (name, phone) VALUES (?, ?)", -1, &stmt, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(stmt, 2, phone, -1, SQLITE_TRANSIENT)
        if sqlite3_step(stmt) != SQLITE_DONE {
            throw SQLiteError.step(String(cString: sqlite3_errmsg(db)))
        }
        return Int(sqlite3_last_insert_rowid(db))
    }

    func read(id: Int) throws -> Contact? {
        return try allContacts().first { $0.id == id }
    }

    func update(_ contact: Contact) throws {
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, "UPDATE contacts SET name = ?, phone = ? WHERE id = ?", -1, &stmt, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, contact.name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(stmt, 2, contact.phone, -1, SQLITE_TRANSIENT)
        sqlite3_bind_int64(stmt, 3, Int64(contact.id))
        if sqlite3_step(stmt) != SQLITE_DONE {
            throw SQLiteError.step(String(cString: sqlite3_errmsg(db)))
        }
        if sqlite3_changes(db) == 0 { throw ContactsError.notFound(contact.id) }
    }

    func delete(id: Int) throws {
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, "DELETE FROM contacts WHERE id = ?", -1, &stmt, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(id))
        if sqlite3_step(stmt) != SQLITE_DONE {
            throw SQLiteError.step(String(cString: sqlite3_errmsg(db)))
        }
        if sqlite3_changes(db) == 0 { throw ContactsError.notFound(id) }
    }

    private func allContacts() throws -> [Contact] {
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, "SELECT id, name, phone FROM contacts", -1, &stmt, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(stmt) }
        var contacts: [Contact] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            contacts.append(Contact(id: Int(sqlite3_column_int64(stmt, 0)),
                                    name: String(cString: sqlite3_column_text(stmt, 1)),
                                    phone: String(cString: sqlite3_column_text(stmt, 2))))
        }
        return contacts
    }

    // No LIKE, no escaping: plain Swift string matching, so % and _ are just characters.
    func search(_ text: String) throws -> [Contact] {
        let needle = text.lowercased()
        let found = try allContacts().filter { needle.isEmpty || $0.name.lowercased().contains(needle) }
        return found.sorted {
            let a = $0.name.lowercased(), b = $1.name.lowercased()
            return a == b ? $0.id < $1.id : a < b
        }
    }

    func close() throws {
        if db == nil { return }
        if sqlite3_close(db) != SQLITE_OK {
            throw SQLiteError.close(String(cString: sqlite3_errmsg(db)))
        }
        db = nil
    }
}

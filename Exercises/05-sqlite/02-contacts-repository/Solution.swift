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
        // TODO: sqlite3_open, PRAGMA journal_mode=WAL, CREATE TABLE IF NOT EXISTS contacts.
    }

    /// Inserts a contact and returns its new id.
    func create(name: String, phone: String) throws -> Int {
        // TODO: an INSERT with bound parameters.
        0
    }

    /// The contact with this id, or nil.
    func read(id: Int) throws -> Contact? {
        // TODO
        nil
    }

    /// Replaces the name and phone of the contact with `contact.id`,
    /// or throws `ContactsError.notFound`.
    func update(_ contact: Contact) throws {
        // TODO
    }

    /// Deletes the contact with this id, or throws `ContactsError.notFound`.
    func delete(id: Int) throws {
        // TODO
    }

    /// The contacts whose name contains `text` (ignoring the case of A–Z), sorted by name
    /// (same case rule), then by id. `%` and `_` in `text` match only themselves.
    func search(_ text: String) throws -> [Contact] {
        // TODO
        []
    }

    /// Closes the connection, or throws `SQLiteError.close` when SQLite refuses.
    func close() throws {
        // TODO: sqlite3_close.
    }
}

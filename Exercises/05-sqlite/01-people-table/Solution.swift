import Foundation
import SQLite3

/// `SQLITE_TRANSIENT` is a C macro that Swift cannot import: this is its usual spelling.
/// Passed to `sqlite3_bind_text`, it makes SQLite copy the text before the call returns.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One row of the `people` table.
struct Person: Equatable {
    var id: Int
    var name: String
    var age: Int
}

/// A SQLite call that did not succeed, with SQLite's own explanation (`sqlite3_errmsg`).
enum SQLiteError: Error {
    case open(String)
    case exec(String)
    case prepare(String)
    case step(String)
    case close(String)
}

/// The people the app knows, in the table `people` of `Documents/people.sqlite`.
final class PeopleStore {
    /// The connection: set by `init`, cleared by a successful `close()`.
    private var db: OpaquePointer?

    /// Opens (or creates) `Documents/people.sqlite` and makes sure the table exists.
    init() throws {
        // TODO: sqlite3_open, then CREATE TABLE … with sqlite3_exec.
    }

    /// Inserts a person and returns the id SQLite gave the new row.
    func insert(name: String, age: Int) throws -> Int {
        // TODO: prepare, bind, step, finalize; then sqlite3_last_insert_rowid.
        0
    }

    /// Every person, in the order of their ids.
    func all() throws -> [Person] {
        // TODO: prepare a SELECT, step through its rows, finalize.
        []
    }

    /// Closes the connection, or throws `SQLiteError.close` when SQLite refuses.
    func close() throws {
        // TODO: sqlite3_close.
    }
}

// Mutant: close() uses sqlite3_close_v2, which never answers SQLITE_BUSY, so close() does not throw while a statement is unfinalized
// Hint: The statement names the close function to use and what close() must do when SQLite refuses to close.
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

    /// Where the database lives: a file in Documents survives relaunches (and backups).
    static var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("people.sqlite")
    }

    /// Opens (or creates) the database and makes sure the table exists.
    init() throws {
        guard sqlite3_open(Self.fileURL.path, &db) == SQLITE_OK else {
            let message = errorMessage
            sqlite3_close(db)        // even a failed open hands back a handle to release
            db = nil
            throw SQLiteError.open(message)
        }
        // IF NOT EXISTS: the second launch opens a file where the table is already there.
        let createTable = """
            CREATE TABLE IF NOT EXISTS people (
                id   INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT    NOT NULL,
                age  INTEGER NOT NULL
            )
            """
        guard sqlite3_exec(db, createTable, nil, nil, nil) == SQLITE_OK else {
            let message = errorMessage
            sqlite3_close(db)
            db = nil
            throw SQLiteError.exec(message)
        }
    }

    /// Inserts a person and returns the id SQLite gave the new row.
    func insert(name: String, age: Int) throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO people (name, age) VALUES (?, ?)", -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteError.prepare(errorMessage)
        }
        // Finalize on every way out, errors included: an unfinalized statement keeps the
        // connection from closing.
        defer { sqlite3_finalize(statement) }

        // Parameters are numbered from 1.
        sqlite3_bind_text(statement, 1, name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_int64(statement, 2, Int64(age))

        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(errorMessage)
        }
        return Int(sqlite3_last_insert_rowid(db))
    }

    /// Every person, in the order of their ids.
    func all() throws -> [Person] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT id, name, age FROM people ORDER BY id", -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteError.prepare(errorMessage)
        }
        defer { sqlite3_finalize(statement) }

        var people: [Person] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { break }
            guard result == SQLITE_ROW else { throw SQLiteError.step(errorMessage) }
            // Result columns are numbered from 0, in the order of the SELECT.
            let id = sqlite3_column_int64(statement, 0)
            let name = sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
            let age = sqlite3_column_int64(statement, 2)
            people.append(Person(id: Int(id), name: name, age: Int(age)))
        }
        return people
    }

    /// Closes the connection. `sqlite3_close` refuses (SQLITE_BUSY) while a prepared
    /// statement is still unfinalized; that is reported as `SQLiteError.close`.
    func close() throws {
        guard db != nil else { return }          // already closed
        guard sqlite3_close_v2(db) == SQLITE_OK else {
            throw SQLiteError.close(errorMessage)
        }
        db = nil
    }

    /// SQLite's message for the last failed call on this connection.
    private var errorMessage: String {
        String(cString: sqlite3_errmsg(db))
    }
}

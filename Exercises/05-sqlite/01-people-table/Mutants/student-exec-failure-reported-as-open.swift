// Mutant: init() reports every failure while the store is being set up as SQLiteError.open, so when sqlite3_open succeeds but the CREATE TABLE run by sqlite3_exec fails (a people.sqlite that is not a database: "file is not a database"), it throws .open instead of .exec
// Hint: Each SQLite call that fails has its own case of SQLiteError: creating the table is sqlite3_exec's.
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

    private static var databasePath: String {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("people.sqlite").path
    }

    /// Opens (or creates) `Documents/people.sqlite` and makes sure the table exists.
    init() throws {
        var handle: OpaquePointer?
        let openCode = sqlite3_open(Self.databasePath, &handle)
        guard openCode == SQLITE_OK else {
            let message = Self.message(of: handle)
            sqlite3_close(handle)
            throw SQLiteError.open(message)
        }
        db = handle

        let schema = """
            CREATE TABLE IF NOT EXISTS people (
                id   INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT    NOT NULL,
                age  INTEGER NOT NULL
            )
            """
        guard sqlite3_exec(handle, schema, nil, nil, nil) == SQLITE_OK else {
            let message = Self.message(of: handle)
            sqlite3_close(handle)
            db = nil
            // Anything that fails while the store is being opened is an opening failure.
            throw SQLiteError.open(message)
        }
    }

    deinit {
        if let db {
            sqlite3_close(db)
        }
    }

    /// Inserts a person and returns the id SQLite gave the new row.
    @discardableResult
    func insert(name: String, age: Int) throws -> Int {
        let statement = try prepare("INSERT INTO people (name, age) VALUES (?, ?)")
        defer { sqlite3_finalize(statement) }

        sqlite3_bind_text(statement, 1, name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_int64(statement, 2, Int64(age))

        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(Self.message(of: db))
        }
        return Int(sqlite3_last_insert_rowid(db))
    }

    /// Every person, in the order of their ids.
    func all() throws -> [Person] {
        let statement = try prepare("SELECT id, name, age FROM people ORDER BY id")
        defer { sqlite3_finalize(statement) }

        var people: [Person] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw SQLiteError.step(Self.message(of: db))
            }
            let id = Int(sqlite3_column_int64(statement, 0))
            let name = sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
            let age = Int(sqlite3_column_int64(statement, 2))
            people.append(Person(id: id, name: name, age: age))
        }
        return people
    }

    /// Closes the connection, or throws `SQLiteError.close` when SQLite refuses.
    func close() throws {
        guard let handle = db else { return }
        guard sqlite3_close(handle) == SQLITE_OK else {
            throw SQLiteError.close(Self.message(of: handle))
        }
        db = nil
    }

    // MARK: - Helpers

    /// Compiles one statement; the caller finalizes it.
    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            let message = Self.message(of: db)
            sqlite3_finalize(statement)
            throw SQLiteError.prepare(message)
        }
        return statement
    }

    private static func message(of handle: OpaquePointer?) -> String {
        String(cString: sqlite3_errmsg(handle))
    }
}

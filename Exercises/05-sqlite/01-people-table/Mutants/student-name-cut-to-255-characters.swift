// Mutant: insert keeps at most the first 255 characters of the name (String(name.prefix(255)), the VARCHAR(255) habit of other databases; SQLite's TEXT has no such limit), so a longer name is stored and listed cut short
// Hint: SQLite's TEXT column has no length limit: a name must be stored whole, however long it is.
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

    private static let schema = """
        CREATE TABLE IF NOT EXISTS people (
            id   INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT    NOT NULL,
            age  INTEGER NOT NULL
        )
        """

    /// Opens (or creates) `Documents/people.sqlite` and makes sure the table exists.
    init() throws {
        let fileManager = FileManager.default
        let documents = fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
        // Documents always exists on a device; make sure of it in any other container.
        try? fileManager.createDirectory(at: documents, withIntermediateDirectories: true)
        let path = documents.appendingPathComponent("people.sqlite").path

        var handle: OpaquePointer?
        let opened = sqlite3_open(path, &handle)
        guard opened == SQLITE_OK else {
            let message = Self.message(of: handle)
            sqlite3_close(handle)
            throw SQLiteError.open(message)
        }
        db = handle

        guard sqlite3_exec(handle, Self.schema, nil, nil, nil) == SQLITE_OK else {
            let message = Self.message(of: handle)
            sqlite3_close(handle)
            db = nil
            throw SQLiteError.exec(message)
        }
    }

    deinit {
        // A store dropped without close(): release the connection anyway.
        if let db {
            sqlite3_close(db)
        }
    }

    /// Inserts a person and returns the id SQLite gave the new row.
    @discardableResult
    func insert(name: String, age: Int) throws -> Int {
        let statement = try prepare("INSERT INTO people (name, age) VALUES (?, ?)")
        defer { sqlite3_finalize(statement) }

        // A name column holds at most 255 characters, as a VARCHAR(255) would.
        let storedName = String(name.prefix(255))
        sqlite3_bind_text(statement, 1, storedName, -1, SQLITE_TRANSIENT)
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
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { break }
            guard result == SQLITE_ROW else {
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
        guard let handle else { return "out of memory" }
        return String(cString: sqlite3_errmsg(handle))
    }
}

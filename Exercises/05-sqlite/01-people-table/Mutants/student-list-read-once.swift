// Mutant: reads the table on the first all() and keeps the array to save queries, but insert never updates it, so a list after an insert in the same launch is stale
// Hint: A list kept from the first `all()` does not see the rows inserted since, in the same launch. The table is the truth: query it each time you are asked.
import Foundation
import SQLite3

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

struct Person: Equatable {
    var id: Int
    var name: String
    var age: Int
}

enum SQLiteError: Error {
    case open(String)
    case exec(String)
    case prepare(String)
    case step(String)
    case close(String)
}

final class PeopleStore {
    private var db: OpaquePointer?
    private var people: [Person]?   // loaded lazily, so we don't hit the disk every time

    init() throws {
        let path = try FileManager.default
            .url(for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            .appendingPathComponent("people.sqlite").path
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw SQLiteError.open(message()) }
        try execute("""
        CREATE TABLE IF NOT EXISTS people (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            age INTEGER NOT NULL
        )
        """)
    }

    private func message() -> String { String(cString: sqlite3_errmsg(db)) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw SQLiteError.exec(message()) }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { throw SQLiteError.prepare(message()) }
        return stmt
    }

    func insert(name: String, age: Int) throws -> Int {
        let stmt = try prepare("INSERT INTO people (name, age) VALUES (?, ?)")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_int64(stmt, 2, sqlite3_int64(age))
        guard sqlite3_step(stmt) == SQLITE_DONE else { throw SQLiteError.step(message()) }
        return Int(sqlite3_last_insert_rowid(db))
    }

    func all() throws -> [Person] {
        if let people { return people }
        let stmt = try prepare("SELECT id, name, age FROM people ORDER BY id")
        defer { sqlite3_finalize(stmt) }
        var loaded: [Person] = []
        var rc = sqlite3_step(stmt)
        while rc == SQLITE_ROW {
            loaded.append(Person(id: Int(sqlite3_column_int64(stmt, 0)),
                                 name: String(cString: sqlite3_column_text(stmt, 1)),
                                 age: Int(sqlite3_column_int64(stmt, 2))))
            rc = sqlite3_step(stmt)
        }
        guard rc == SQLITE_DONE else { throw SQLiteError.step(message()) }
        people = loaded
        return loaded
    }

    func close() throws {
        guard let handle = db else { return }
        guard sqlite3_close(handle) == SQLITE_OK else { throw SQLiteError.close(message()) }
        db = nil
    }
}

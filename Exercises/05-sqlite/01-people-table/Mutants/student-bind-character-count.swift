// Mutant: binds the name with its character count as the byte length, cutting names with accents
// Hint: the length argument of sqlite3_bind_text counts something different from what String.count counts.
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

    init() throws {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let path = documents.appendingPathComponent("people.sqlite").path
        if sqlite3_open(path, &db) != SQLITE_OK {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close(db)
            db = nil
            throw SQLiteError.open(message)
        }
        let createTable = """
            CREATE TABLE IF NOT EXISTS people (
                id   INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT    NOT NULL,
                age  INTEGER NOT NULL
            )
            """
        if sqlite3_exec(db, createTable, nil, nil, nil) != SQLITE_OK {
            throw SQLiteError.exec(lastMessage())
        }
    }

    private func lastMessage() -> String {
        String(cString: sqlite3_errmsg(db))
    }

    func insert(name: String, age: Int) throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO people (name, age) VALUES (?, ?)", -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteError.prepare(lastMessage())
        }
        defer { sqlite3_finalize(statement) }

        sqlite3_bind_text(statement, 1, name, Int32(name.count), SQLITE_TRANSIENT)
        sqlite3_bind_int64(statement, 2, Int64(age))

        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteError.step(lastMessage())
        }
        return Int(sqlite3_last_insert_rowid(db))
    }

    func all() throws -> [Person] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT id, name, age FROM people ORDER BY id", -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteError.prepare(lastMessage())
        }
        defer { sqlite3_finalize(statement) }

        var people: [Person] = []
        var result = sqlite3_step(statement)
        while result == SQLITE_ROW {
            let id = Int(sqlite3_column_int64(statement, 0))
            let name = String(cString: sqlite3_column_text(statement, 1))
            let age = Int(sqlite3_column_int64(statement, 2))
            people.append(Person(id: id, name: name, age: age))
            result = sqlite3_step(statement)
        }
        guard result == SQLITE_DONE else {
            throw SQLiteError.step(lastMessage())
        }
        return people
    }

    func close() throws {
        if sqlite3_close(db) != SQLITE_OK {
            throw SQLiteError.close(lastMessage())
        }
        db = nil
    }
}

// Mutant: counts ids itself in a property that starts at 1 for every new store, as a student does who thinks of ids as "how many I inserted", so after a relaunch the first insert answers 1 again while SQLite gave the row id 3
// Hint: The id of a new row is SQLite's to choose, and it keeps counting across launches, while a counter in your object starts again at every launch. Ask the connection which id it gave the row you just inserted.
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
    var db: OpaquePointer? = nil
    var nextId = 1

    init() throws {
        let docs = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let url = docs.appendingPathComponent("people.sqlite")
        if sqlite3_open(url.path, &db) != SQLITE_OK {
            throw SQLiteError.open(String(cString: sqlite3_errmsg(db)))
        }
        let sql = "CREATE TABLE IF NOT EXISTS people (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, age INTEGER NOT NULL)"
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK {
            throw SQLiteError.exec(String(cString: sqlite3_errmsg(db)))
        }
    }

    func insert(name: String, age: Int) throws -> Int {
        var stmt: OpaquePointer? = nil
        if sqlite3_prepare_v2(db, "INSERT INTO people (name, age) VALUES (?, ?)", -1, &stmt, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT)
        sqlite3_bind_int(stmt, 2, Int32(age))
        let rc = sqlite3_step(stmt)
        sqlite3_finalize(stmt)
        if rc != SQLITE_DONE {
            throw SQLiteError.step(String(cString: sqlite3_errmsg(db)))
        }
        let id = nextId
        nextId += 1
        return id
    }

    func all() throws -> [Person] {
        var stmt: OpaquePointer? = nil
        if sqlite3_prepare_v2(db, "SELECT id, name, age FROM people ORDER BY id", -1, &stmt, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        var result = [Person]()
        while sqlite3_step(stmt) == SQLITE_ROW {
            let id = Int(sqlite3_column_int(stmt, 0))
            let name = String(cString: sqlite3_column_text(stmt, 1))
            let age = Int(sqlite3_column_int(stmt, 2))
            result.append(Person(id: id, name: name, age: age))
        }
        sqlite3_finalize(stmt)
        return result
    }

    func close() throws {
        if db == nil { return }
        if sqlite3_close(db) != SQLITE_OK {
            throw SQLiteError.close(String(cString: sqlite3_errmsg(db)))
        }
        db = nil
    }
}

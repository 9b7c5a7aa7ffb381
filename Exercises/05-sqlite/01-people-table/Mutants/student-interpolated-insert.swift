// Mutant: builds the INSERT with string interpolation ('\(name)') instead of binding, the way a student coming from string formatting writes SQL, so a name with an apostrophe breaks the statement
// Hint: Pasting a name into the SQL text makes its characters part of the SQL: an apostrophe in a name ends the string early, and the statement fails or does something else. Values go in as bound parameters, with a `?` in the SQL.
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
    var db: OpaquePointer?

    init() throws {
        let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
            .appendingPathComponent("people.sqlite")
        if sqlite3_open(url.path, &db) != SQLITE_OK {
            throw SQLiteError.open(String(cString: sqlite3_errmsg(db)))
        }
        let create = "CREATE TABLE IF NOT EXISTS people (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, age INTEGER NOT NULL)"
        if sqlite3_exec(db, create, nil, nil, nil) != SQLITE_OK {
            throw SQLiteError.exec(String(cString: sqlite3_errmsg(db)))
        }
    }

    func insert(name: String, age: Int) throws -> Int {
        let sql = "INSERT INTO people (name, age) VALUES ('\(name)', \(age))"
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(db, sql, -1, &statement, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        if sqlite3_step(statement) != SQLITE_DONE {
            throw SQLiteError.step(String(cString: sqlite3_errmsg(db)))
        }
        return Int(sqlite3_last_insert_rowid(db))
    }

    func all() throws -> [Person] {
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(db, "SELECT * FROM people ORDER BY id", -1, &statement, nil) != SQLITE_OK {
            throw SQLiteError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var list: [Person] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            var person = Person(id: 0, name: "", age: 0)
            person.id = Int(sqlite3_column_int64(statement, 0))
            if let text = sqlite3_column_text(statement, 1) {
                person.name = String(cString: text)
            }
            person.age = Int(sqlite3_column_int64(statement, 2))
            list.append(person)
        }
        return list
    }

    func close() throws {
        if db != nil {
            if sqlite3_close(db) != SQLITE_OK {
                throw SQLiteError.close(String(cString: sqlite3_errmsg(db)))
            }
            db = nil
        }
    }
}

// Mutant: setPinned only writes pinned = 1 when the flag is true and has no branch for false, since the student thought of the "pin" button only, so a pinned note can never be unpinned
// Hint: Unpinning is a change too: `setPinned(false, id:)` must clear the pin of a pinned note. Check that your update writes the value it is given, whichever it is.
import Foundation
import SQLite3

struct Note: Equatable {
    var id: Int64
    var title: String
    var body: String
    var pinned: Bool
}

enum NotesError: Error {
    case sqlite(String)
    case newerVersion(Int32)
    case notOpen
}

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class NotesDatabase {
    static var defaultURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "notes.sqlite")
    }

    let url: URL
    private var db: OpaquePointer?

    init(url: URL = NotesDatabase.defaultURL) {
        self.url = url
    }

    private var message: String { String(cString: sqlite3_errmsg(db)) }

    private func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw NotesError.sqlite(message) }
    }

    func open() throws {
        if db != nil { return }
        guard sqlite3_open(url.path, &db) == SQLITE_OK else {
            let text = message
            sqlite3_close(db)
            db = nil
            throw NotesError.sqlite(text)
        }
        var stmt: OpaquePointer?
        var version: Int32 = 0
        if sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nil) == SQLITE_OK, sqlite3_step(stmt) == SQLITE_ROW {
            version = sqlite3_column_int(stmt, 0)
        }
        sqlite3_finalize(stmt)

        if version > 2 {
            sqlite3_close(db)
            db = nil
            throw NotesError.newerVersion(version)
        }
        if version == 2 { return }

        var script = "BEGIN;\n"
        if version == 0 {
            script += "CREATE TABLE notes(id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '', pinned INTEGER NOT NULL DEFAULT 0);\n"
        } else {
            script += """
                ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT '';
                ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
                UPDATE notes SET title = substr(title, 1, instr(title, char(10)) - 1),
                                 body = substr(title, instr(title, char(10)) + 1)
                WHERE instr(title, char(10)) > 0;

                """
        }
        script += "PRAGMA user_version = 2;\nCOMMIT;"
        if sqlite3_exec(db, script, nil, nil, nil) != SQLITE_OK {
            let text = message
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            sqlite3_close(db)
            db = nil
            throw NotesError.sqlite(text)
        }
    }

    func add(title: String, body: String) throws -> Int64 {
        guard db != nil else { throw NotesError.notOpen }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO notes(title, body) VALUES (?, ?)", -1, &stmt, nil) == SQLITE_OK else {
            throw NotesError.sqlite(message)
        }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, title, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(stmt, 2, body, -1, SQLITE_TRANSIENT)
        guard sqlite3_step(stmt) == SQLITE_DONE else { throw NotesError.sqlite(message) }
        return sqlite3_last_insert_rowid(db)
    }

    func setPinned(_ pinned: Bool, id: Int64) throws {
        guard db != nil else { throw NotesError.notOpen }
        if pinned {
            var stmt: OpaquePointer?
            guard sqlite3_prepare_v2(db, "UPDATE notes SET pinned = 1 WHERE id = ?", -1, &stmt, nil) == SQLITE_OK else {
                throw NotesError.sqlite(message)
            }
            defer { sqlite3_finalize(stmt) }
            sqlite3_bind_int64(stmt, 1, id)
            guard sqlite3_step(stmt) == SQLITE_DONE else { throw NotesError.sqlite(message) }
        }
    }

    func notes() throws -> [Note] {
        guard db != nil else { throw NotesError.notOpen }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id", -1, &stmt, nil) == SQLITE_OK else {
            throw NotesError.sqlite(message)
        }
        defer { sqlite3_finalize(stmt) }
        var notes: [Note] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            let title = sqlite3_column_text(stmt, 1).map { String(cString: $0) } ?? ""
            let body = sqlite3_column_text(stmt, 2).map { String(cString: $0) } ?? ""
            notes.append(Note(id: sqlite3_column_int64(stmt, 0), title: title, body: body,
                              pinned: sqlite3_column_int(stmt, 3) != 0))
        }
        return notes
    }

    func close() throws {
        guard db != nil else { return }
        guard sqlite3_close(db) == SQLITE_OK else { throw NotesError.sqlite(message) }
        db = nil
    }
}

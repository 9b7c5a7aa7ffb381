// Mutant: migrates by reading every old note into Swift and splitting it with split(separator: "\n", maxSplits: 1), whose default omits empty pieces, so a note that starts with a newline keeps its body as the title and a blank first line is lost
// Hint: Swift's `split(separator:)` leaves out empty pieces unless told otherwise, so a note that starts with a newline loses its empty first line, and its second line becomes the title. Split at the first newline exactly, keeping an empty title when the text starts with one.
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
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("notes.sqlite")
    }

    let url: URL
    var db: OpaquePointer?

    init(url: URL = NotesDatabase.defaultURL) {
        self.url = url
    }

    private func error() -> NotesError {
        NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
    }

    private func exec(_ sql: String) throws {
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK { throw error() }
    }

    func open() throws {
        if db != nil { return }
        if sqlite3_open(url.path, &db) != SQLITE_OK {
            let e = error()
            sqlite3_close(db)
            db = nil
            throw e
        }
        var stmt: OpaquePointer?
        sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nil)
        sqlite3_step(stmt)
        let version = sqlite3_column_int(stmt, 0)
        sqlite3_finalize(stmt)

        do {
            if version == 0 {
                try exec("BEGIN")
                try exec("CREATE TABLE notes(id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '', pinned INTEGER NOT NULL DEFAULT 0)")
                try exec("PRAGMA user_version = 2")
                try exec("COMMIT")
            } else if version == 1 {
                try exec("BEGIN")
                try exec("ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT ''")
                try exec("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
                try splitOldNotes()
                try exec("PRAGMA user_version = 2")
                try exec("COMMIT")
            } else if version > 2 {
                sqlite3_close(db)
                db = nil
                throw NotesError.newerVersion(version)
            }
        } catch let e as NotesError {
            if db != nil {
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                sqlite3_close(db)
                db = nil
            }
            throw e
        }
    }

    /// Version 1 kept everything in title: first line is the title, the rest is the body.
    private func splitOldNotes() throws {
        var old: [(Int64, String)] = []
        var select: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT id, title FROM notes", -1, &select, nil) == SQLITE_OK else { throw error() }
        while sqlite3_step(select) == SQLITE_ROW {
            old.append((sqlite3_column_int64(select, 0), String(cString: sqlite3_column_text(select, 1))))
        }
        sqlite3_finalize(select)

        var update: OpaquePointer?
        guard sqlite3_prepare_v2(db, "UPDATE notes SET title = ?, body = ? WHERE id = ?", -1, &update, nil) == SQLITE_OK else { throw error() }
        defer { sqlite3_finalize(update) }
        for (id, text) in old {
            let lines = text.split(separator: "\n", maxSplits: 1)
            let title = lines.count > 0 ? String(lines[0]) : ""
            let body = lines.count > 1 ? String(lines[1]) : ""
            sqlite3_bind_text(update, 1, title, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(update, 2, body, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(update, 3, id)
            if sqlite3_step(update) != SQLITE_DONE { throw error() }
            sqlite3_reset(update)
        }
    }

    func add(title: String, body: String) throws -> Int64 {
        guard db != nil else { throw NotesError.notOpen }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO notes(title, body) VALUES (?, ?)", -1, &stmt, nil) == SQLITE_OK else { throw error() }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, title, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(stmt, 2, body, -1, SQLITE_TRANSIENT)
        guard sqlite3_step(stmt) == SQLITE_DONE else { throw error() }
        return sqlite3_last_insert_rowid(db)
    }

    func setPinned(_ pinned: Bool, id: Int64) throws {
        guard db != nil else { throw NotesError.notOpen }
        try exec("UPDATE notes SET pinned = \(pinned ? 1 : 0) WHERE id = \(id)")
    }

    func notes() throws -> [Note] {
        guard db != nil else { throw NotesError.notOpen }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id ASC", -1, &stmt, nil) == SQLITE_OK else { throw error() }
        defer { sqlite3_finalize(stmt) }
        var result: [Note] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            result.append(Note(id: sqlite3_column_int64(stmt, 0),
                               title: String(cString: sqlite3_column_text(stmt, 1)),
                               body: String(cString: sqlite3_column_text(stmt, 2)),
                               pinned: sqlite3_column_int(stmt, 3) == 1))
        }
        return result
    }

    func close() throws {
        guard db != nil else { return }
        if sqlite3_close(db) != SQLITE_OK { throw error() }
        db = nil
    }
}

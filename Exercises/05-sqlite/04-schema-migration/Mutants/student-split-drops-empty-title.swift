// Mutant: the split uses split(separator:maxSplits:), which drops an empty first line, so "\nBody" becomes title "Body"
// Hint: migrate a note whose text starts with a newline: what should its title and body be, and what does your split produce?
import Foundation
import SQLite3

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

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

final class NotesDatabase {
    static let currentVersion: Int32 = 2

    static var defaultURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "notes.sqlite")
    }

    let url: URL
    private var db: OpaquePointer?

    init(url: URL = NotesDatabase.defaultURL) {
        self.url = url
    }

    func open() throws {
        if sqlite3_open(url.path, &db) != SQLITE_OK {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close(db)
            db = nil
            throw NotesError.sqlite(message)
        }

        let version = try userVersion()
        if version > NotesDatabase.currentVersion {
            sqlite3_close(db)
            db = nil
            throw NotesError.newerVersion(version)
        }
        if version == 0 {
            try execute("BEGIN")
            do {
                try execute("""
                    CREATE TABLE notes(
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL DEFAULT '',
                        pinned INTEGER NOT NULL DEFAULT 0)
                    """)
                try execute("PRAGMA user_version = 2")
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        } else if version == 1 {
            try migrateFromVersion1()
        }
    }

    private func migrateFromVersion1() throws {
        try execute("BEGIN")
        do {
            try execute("ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT ''")
            try execute("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
            try splitNotes()
            try execute("PRAGMA user_version = 2")
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Moves everything after the first line of each note into its body.
    private func splitNotes() throws {
        var oldNotes: [(id: Int64, text: String)] = []
        let select = try prepare("SELECT id, title FROM notes")
        while sqlite3_step(select) == SQLITE_ROW {
            oldNotes.append((sqlite3_column_int64(select, 0), String(cString: sqlite3_column_text(select, 1))))
        }
        sqlite3_finalize(select)

        let update = try prepare("UPDATE notes SET title = ?, body = ? WHERE id = ?")
        defer { sqlite3_finalize(update) }
        for note in oldNotes {
            let parts = note.text.split(separator: "\n", maxSplits: 1)
            let title = parts.first.map(String.init) ?? ""
            let body = parts.count > 1 ? String(parts[1]) : ""
            sqlite3_bind_text(update, 1, title, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(update, 2, body, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(update, 3, note.id)
            guard sqlite3_step(update) == SQLITE_DONE else {
                throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(update)
        }
    }

    private func userVersion() throws -> Int32 {
        let statement = try prepare("PRAGMA user_version")
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return sqlite3_column_int(statement, 0)
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw NotesError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    @discardableResult
    func add(title: String, body: String) throws -> Int64 {
        let statement = try prepare("INSERT INTO notes(title, body) VALUES (?, ?)")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, title, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 2, body, -1, SQLITE_TRANSIENT)
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return sqlite3_last_insert_rowid(db)
    }

    func setPinned(_ pinned: Bool, id: Int64) throws {
        let statement = try prepare("UPDATE notes SET pinned = ? WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int(statement, 1, pinned ? 1 : 0)
        sqlite3_bind_int64(statement, 2, id)
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    func notes() throws -> [Note] {
        let statement = try prepare("SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id")
        defer { sqlite3_finalize(statement) }
        var result: [Note] = []
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            result.append(Note(
                id: sqlite3_column_int64(statement, 0),
                title: String(cString: sqlite3_column_text(statement, 1)),
                body: String(cString: sqlite3_column_text(statement, 2)),
                pinned: sqlite3_column_int(statement, 3) != 0))
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return result
    }

    func close() throws {
        guard db != nil else { return }
        guard sqlite3_close(db) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        db = nil
    }

    // MARK: - SQLite helpers

    private func execute(_ sql: String) throws {
        guard let db else { throw NotesError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }
}

// Mutant: version 1 notes are split in Swift at the first character of CharacterSet.newlines, so a "\r" ends the title too
// Hint: Only "\n" ends a line. Split at the first "\n" (in SQL with instr(title, char(10)), or in Swift on the UTF-8 bytes): a "\r" stays in the text.
import Foundation
import SQLite3

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A note as version 2 of the app shows it.
struct Note: Equatable {
    var id: Int64
    var title: String
    var body: String
    var pinned: Bool
}

enum NotesError: Error {
    /// A SQLite call failed; the text is `sqlite3_errmsg`'s.
    case sqlite(String)
    /// The file was written by a newer version of the app.
    case newerVersion(Int32)
    /// A call came before `open()` or after `close()`.
    case notOpen
}

/// The notes database of version 2 of the app, in Documents/notes.sqlite, whose schema
/// version is `PRAGMA user_version`.
final class NotesDatabase {
    /// The schema this version of the app reads and writes.
    static let currentVersion: Int32 = 2

    /// Where both versions of the app keep their notes.
    static var defaultURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "notes.sqlite")
    }

    let url: URL
    private var db: OpaquePointer?

    init(url: URL = NotesDatabase.defaultURL) {
        self.url = url
    }

    /// Opens the file and brings it to version 2: 0 → create, 1 → migrate, 2 → nothing,
    /// above 2 → throw `NotesError.newerVersion`. All in one transaction.
    func open() throws {
        guard db == nil else { return }
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var handle: OpaquePointer?
        guard sqlite3_open(url.path, &handle) == SQLITE_OK else {
            let text = String(cString: sqlite3_errmsg(handle))
            sqlite3_close(handle)
            throw NotesError.sqlite(text)
        }
        db = handle
        do {
            let version = try userVersion()
            switch version {
            case 0:
                try inTransaction {
                    try execute("""
                        CREATE TABLE notes(
                            id INTEGER PRIMARY KEY AUTOINCREMENT,
                            title TEXT NOT NULL,
                            body TEXT NOT NULL DEFAULT '',
                            pinned INTEGER NOT NULL DEFAULT 0);
                        PRAGMA user_version = 2;
                        """)
                }
            case 1:
                try inTransaction {
                    try execute("""
                        ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT '';
                        ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
                        """)
                    try splitOldNotes()
                    try execute("PRAGMA user_version = 2")
                }
            case NotesDatabase.currentVersion:
                break
            default:
                throw NotesError.newerVersion(version)
            }
        } catch {
            sqlite3_close(db)
            db = nil
            throw error
        }
    }

    /// Adds a note and returns its id.
    @discardableResult
    func add(title: String, body: String) throws -> Int64 {
        let statement = try prepare("INSERT INTO notes(title, body) VALUES (?, ?)")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, title, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 2, body, -1, SQLITE_TRANSIENT)
        try step(statement, expecting: SQLITE_DONE)
        return sqlite3_last_insert_rowid(db)
    }

    /// Pins or unpins a note; an unknown id changes nothing.
    func setPinned(_ pinned: Bool, id: Int64) throws {
        let statement = try prepare("UPDATE notes SET pinned = ? WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, pinned ? 1 : 0)
        sqlite3_bind_int64(statement, 2, id)
        try step(statement, expecting: SQLITE_DONE)
    }

    /// Every note, pinned ones first, each group by id.
    func notes() throws -> [Note] {
        let statement = try prepare("SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id")
        defer { sqlite3_finalize(statement) }
        var result: [Note] = []
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            result.append(Note(
                id: sqlite3_column_int64(statement, 0),
                title: sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? "",
                body: sqlite3_column_text(statement, 2).map { String(cString: $0) } ?? "",
                pinned: sqlite3_column_int64(statement, 3) != 0))
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw NotesError.sqlite(String(cString: sqlite3_errmsg(db))) }
        return result
    }

    /// Closes the database.
    func close() throws {
        guard let db else { return }
        guard sqlite3_close(db) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        self.db = nil
    }

    // MARK: - SQLite helpers

    /// Moves everything after the first line break of each note into its body.
    private func splitOldNotes() throws {
        var old: [(id: Int64, text: String)] = []
        let select = try prepare("SELECT id, title FROM notes ORDER BY id")
        defer { sqlite3_finalize(select) }
        var code = sqlite3_step(select)
        while code == SQLITE_ROW {
            old.append((sqlite3_column_int64(select, 0),
                        sqlite3_column_text(select, 1).map { String(cString: $0) } ?? ""))
            code = sqlite3_step(select)
        }
        guard code == SQLITE_DONE else { throw NotesError.sqlite(String(cString: sqlite3_errmsg(db))) }

        let update = try prepare("UPDATE notes SET title = ?, body = ? WHERE id = ?")
        defer { sqlite3_finalize(update) }
        for note in old {
            guard let lineBreak = note.text.rangeOfCharacter(from: .newlines) else { continue }
            let title = String(note.text[..<lineBreak.lowerBound])
            let body = String(note.text[lineBreak.upperBound...])
            sqlite3_bind_text(update, 1, title, -1, SQLITE_TRANSIENT)
            sqlite3_bind_text(update, 2, body, -1, SQLITE_TRANSIENT)
            sqlite3_bind_int64(update, 3, note.id)
            try step(update, expecting: SQLITE_DONE)
            sqlite3_reset(update)
        }
    }

    private func userVersion() throws -> Int32 {
        let statement = try prepare("PRAGMA user_version")
        defer { sqlite3_finalize(statement) }
        try step(statement, expecting: SQLITE_ROW)
        return sqlite3_column_int(statement, 0)
    }

    private func inTransaction(_ work: () throws -> Void) throws {
        try execute("BEGIN")
        do {
            try work()
            try execute("COMMIT")
        } catch {
            if let db { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw NotesError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    private func step(_ statement: OpaquePointer?, expecting expected: Int32) throws {
        guard sqlite3_step(statement) == expected else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    /// Runs one or more SQL statements that return no rows.
    private func execute(_ sql: String) throws {
        guard let db else { throw NotesError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }
}

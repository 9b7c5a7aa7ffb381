// Mutant: notes() lists pinned notes first but each group newest first (id descending)
// Hint: Within the pinned notes and within the others, the order is by id, oldest first.
import Foundation
import SQLite3

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
    /// The file was written by a newer version of the app: this one cannot know its schema.
    case newerVersion(Int32)
    /// A call came before `open()` or after `close()`.
    case notOpen
}

/// The notes database of version 2 of the app, in Documents/notes.sqlite.
///
/// `PRAGMA user_version` records which schema the file has: 0 for a file nobody set up yet,
/// 1 for the one version 1 of the app left, 2 for the current one. `open()` brings any of
/// them to version 2, in one transaction, before anything else touches the file.
final class NotesDatabase {
    /// The schema this version of the app reads and writes.
    static let currentVersion: Int32 = 2

    /// Where both versions of the app keep their notes.
    static var defaultURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "notes.sqlite")
    }

    /// The version 2 schema, for a file that has no schema yet.
    private static let createVersion2 = """
        CREATE TABLE notes(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL,
            body TEXT NOT NULL DEFAULT '',
            pinned INTEGER NOT NULL DEFAULT 0);
        """

    /// From version 1 to version 2. `ALTER TABLE … ADD COLUMN` keeps every row, its id and the
    /// AUTOINCREMENT counter. Version 1 kept a whole note in `title`: the first line stays
    /// there and the rest becomes the body. (In an UPDATE every expression reads the row as it
    /// was, so `body` sees the old `title`.)
    private static let migrate1To2 = """
        ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT '';
        ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
        UPDATE notes
           SET title = substr(title, 1, instr(title, char(10)) - 1),
               body = substr(title, instr(title, char(10)) + 1)
         WHERE instr(title, char(10)) > 0;
        """

    let url: URL
    private var db: OpaquePointer?

    init(url: URL = NotesDatabase.defaultURL) {
        self.url = url
    }

    /// Opens the file (creating it when there is none) and migrates it to version 2.
    /// - Throws: `NotesError.newerVersion` for a file from a newer app, which is left as it
    ///   was; `NotesError.sqlite` when SQLite fails. Either way the database stays closed.
    func open() throws {
        guard db == nil else { return }
        var handle: OpaquePointer?
        guard sqlite3_open(url.path, &handle) == SQLITE_OK else {
            // Even a failed open allocates a handle, which holds the error message.
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw NotesError.sqlite(message)
        }
        db = handle
        do {
            try migrate()
        } catch {
            sqlite3_close(handle)
            db = nil
            throw error
        }
    }

    /// Runs the steps the file's version needs. The new version is written in the same
    /// transaction as the schema change: a crash leaves the old schema with the old version
    /// (SQLite rolls the transaction back at the next open) or the new one with the new.
    private func migrate() throws {
        let version = try userVersion()
        switch version {
        case Self.currentVersion:
            return
        case 0:
            // A new install: straight to the current schema, no detour through version 1.
            try inTransaction {
                try execute(Self.createVersion2)
                try execute("PRAGMA user_version = \(Self.currentVersion)")
            }
        case 1:
            try inTransaction {
                try execute(Self.migrate1To2)
                try execute("PRAGMA user_version = \(Self.currentVersion)")
            }
        default:
            throw NotesError.newerVersion(version)
        }
    }

    /// Adds a note and returns its id.
    @discardableResult
    func add(title: String, body: String) throws -> Int64 {
        let statement = try prepare("INSERT INTO notes(title, body) VALUES (?, ?)")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, title, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 2, body, -1, SQLITE_TRANSIENT)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw lastError() }
        return sqlite3_last_insert_rowid(db)
    }

    /// Pins or unpins a note; an unknown id changes nothing.
    func setPinned(_ pinned: Bool, id: Int64) throws {
        let statement = try prepare("UPDATE notes SET pinned = ? WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int(statement, 1, pinned ? 1 : 0)
        sqlite3_bind_int64(statement, 2, id)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw lastError() }
    }

    /// Every note, pinned ones first, each group in the order the notes were added.
    func notes() throws -> [Note] {
        let statement = try prepare("SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id DESC")
        defer { sqlite3_finalize(statement) }
        var notes: [Note] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                notes.append(Note(id: sqlite3_column_int64(statement, 0),
                                  title: String(cString: sqlite3_column_text(statement, 1)),
                                  body: String(cString: sqlite3_column_text(statement, 2)),
                                  pinned: sqlite3_column_int(statement, 3) != 0))
            case SQLITE_DONE:
                return notes
            default:
                throw lastError()
            }
        }
    }

    /// Closes the database; calling it again does nothing.
    func close() throws {
        guard let db else { return }
        guard sqlite3_close(db) == SQLITE_OK else { throw lastError() }
        self.db = nil
    }

    // MARK: - SQLite helpers

    private func userVersion() throws -> Int32 {
        let statement = try prepare("PRAGMA user_version")
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw lastError() }
        return sqlite3_column_int(statement, 0)
    }

    /// Runs `body` between BEGIN and COMMIT, or rolls everything back when it throws.
    private func inTransaction(_ body: () throws -> Void) throws {
        try execute("BEGIN")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// Runs one or more SQL statements that return no rows.
    private func execute(_ sql: String) throws {
        guard let db else { throw NotesError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw lastError() }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw NotesError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw lastError() }
        return statement
    }

    private func lastError() -> NotesError {
        .sqlite(db.map { String(cString: sqlite3_errmsg($0)) } ?? "the database is not open")
    }
}

/// Tells `sqlite3_bind_text` to copy the string, which Swift frees after the call.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

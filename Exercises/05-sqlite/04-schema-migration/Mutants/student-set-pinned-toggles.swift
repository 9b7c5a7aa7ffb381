// Mutant: setPinned flips the note (`SET pinned = NOT pinned`, as a pin button toggles) whatever `pinned` asks for, so pinning a note that is already pinned unpins it, and setPinned(false, id:) on a note that is not pinned pins it
// Hint: The flag passed to setPinned is the state the note must end in, not a request to change whatever state it has now.
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
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                 withIntermediateDirectories: true)
        var handle: OpaquePointer?
        guard sqlite3_open(url.path, &handle) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw NotesError.sqlite(message)
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
                            pinned INTEGER NOT NULL DEFAULT 0)
                        """)
                    try execute("PRAGMA user_version = \(Self.currentVersion)")
                }
            case 1:
                // ALTER TABLE keeps the rows, their ids and the AUTOINCREMENT counter.
                // In an UPDATE every expression reads the row as it was, so the title and
                // the body are both cut from the old text. instr and substr count characters.
                try inTransaction {
                    try execute("ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT ''")
                    try execute("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
                    try execute("""
                        UPDATE notes
                        SET body = substr(title, instr(title, char(10)) + 1),
                            title = substr(title, 1, instr(title, char(10)) - 1)
                        WHERE instr(title, char(10)) > 0
                        """)
                    try execute("PRAGMA user_version = \(Self.currentVersion)")
                }
            case Self.currentVersion:
                break
            default:
                // Written by a newer app (or by something this app does not know): refuse it
                // without writing anything.
                sqlite3_close(handle)
                db = nil
                throw NotesError.newerVersion(version)
            }
        } catch {
            if db != nil {
                sqlite3_close(db)
                db = nil
            }
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
        try stepDone(statement)
        return sqlite3_last_insert_rowid(db)
    }

    /// Pins or unpins a note; an unknown id changes nothing.
    func setPinned(_ pinned: Bool, id: Int64) throws {
        // The pin button flips the note between pinned and not pinned.
        let statement = try prepare("UPDATE notes SET pinned = NOT pinned WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, id)
        try stepDone(statement)
    }

    /// Every note, pinned ones first, each group by id.
    func notes() throws -> [Note] {
        let statement = try prepare(
            "SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id")
        defer { sqlite3_finalize(statement) }
        var notes: [Note] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return notes }
            guard result == SQLITE_ROW else { throw lastError() }
            notes.append(Note(
                id: sqlite3_column_int64(statement, 0),
                title: text(statement, 1),
                body: text(statement, 2),
                pinned: sqlite3_column_int64(statement, 3) != 0))
        }
    }

    /// Closes the database.
    func close() throws {
        guard let handle = db else { return }
        guard sqlite3_close(handle) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(handle)))
        }
        db = nil
    }

    // MARK: - SQLite helpers

    private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func lastError() -> NotesError {
        .sqlite(db.map { String(cString: sqlite3_errmsg($0)) } ?? "not open")
    }

    /// `PRAGMA user_version` of the open file.
    private func userVersion() throws -> Int32 {
        let statement = try prepare("PRAGMA user_version")
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw lastError() }
        return sqlite3_column_int(statement, 0)
    }

    /// Runs `work` between BEGIN and COMMIT, or rolls everything back when it throws.
    private func inTransaction(_ work: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try work()
            try execute("COMMIT")
        } catch {
            if let db {
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw NotesError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            let error = lastError()
            sqlite3_finalize(statement)
            throw error
        }
        return statement
    }

    private func stepDone(_ statement: OpaquePointer?) throws {
        guard sqlite3_step(statement) == SQLITE_DONE else { throw lastError() }
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    /// Runs one or more SQL statements that return no rows.
    private func execute(_ sql: String) throws {
        guard let db else { throw NotesError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }
}

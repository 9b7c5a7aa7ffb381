// Mutant: open() refuses a file only when its user_version is exactly 3 (`case 3`) and treats every other version as current, so a file stamped 4, 7 or 100 by a later app is taken for a current file: open() returns normally and the app goes on to read and write a schema it does not know, instead of throwing newerVersion(version) and closing
// Hint: Every version above 2 is newer: 7 is refused as 3 is.
import Foundation
import SQLite3

/// Makes SQLite copy a bound text at once (the C macro cannot be imported into Swift).
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
        if db != nil { return }
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var handle: OpaquePointer?
        guard sqlite3_open(url.path, &handle) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(url.path)"
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
                            pinned INTEGER NOT NULL DEFAULT 0);
                        PRAGMA user_version = \(Self.currentVersion);
                        """)
                }
            case 1:
                // ALTER TABLE keeps the rows, their ids and the AUTOINCREMENT counter in
                // sqlite_sequence. In an UPDATE every expression reads the row's old values, so
                // the title and the body are both cut from the old text. instr and substr count
                // characters (code points): "\r" is one of its own, as the statement wants.
                try inTransaction {
                    try execute("""
                        ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT '';
                        ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
                        UPDATE notes
                           SET title = substr(title, 1, instr(title, char(10)) - 1),
                               body = substr(title, instr(title, char(10)) + 1)
                         WHERE instr(title, char(10)) > 0;
                        PRAGMA user_version = \(Self.currentVersion);
                        """)
                }
            case 3:
                // Written by version 3 of the app: refuse it.
                throw NotesError.newerVersion(version)
            default:
                break   // 2: already current
            }
        } catch {
            sqlite3_close(handle)
            db = nil
            throw error
        }
    }

    /// Adds a note and returns its id.
    @discardableResult
    func add(title: String, body: String) throws -> Int64 {
        let statement = try prepare("INSERT INTO notes (title, body) VALUES (?, ?)")
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
        let statement = try prepare("SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id ASC")
        defer { sqlite3_finalize(statement) }
        var result: [Note] = []
        while try step(statement, expecting: SQLITE_ROW, orDone: true) {
            result.append(Note(
                id: sqlite3_column_int64(statement, 0),
                title: text(statement, 1),
                body: text(statement, 2),
                pinned: sqlite3_column_int64(statement, 3) != 0))
        }
        return result
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

    /// Runs one or more SQL statements that return no rows.
    private func execute(_ sql: String) throws {
        guard let db else { throw NotesError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }
    private func lastMessage() -> String {
        db.map { String(cString: sqlite3_errmsg($0)) } ?? "not open"
    }

    /// `PRAGMA user_version`, the schema version stored in the file's header.
    private func userVersion() throws -> Int32 {
        let statement = try prepare("PRAGMA user_version")
        defer { sqlite3_finalize(statement) }
        try step(statement, expecting: SQLITE_ROW)
        return sqlite3_column_int(statement, 0)
    }

    /// Runs `work` between BEGIN and COMMIT, or rolls back when it throws.
    private func inTransaction(_ work: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
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
            let message = lastMessage()
            sqlite3_finalize(statement)
            throw NotesError.sqlite(message)
        }
        return statement
    }

    /// Steps once. With `orDone`, SQLITE_DONE answers false instead of being an error.
    @discardableResult
    private func step(_ statement: OpaquePointer?, expecting expected: Int32, orDone: Bool = false) throws -> Bool {
        let code = sqlite3_step(statement)
        if code == expected { return true }
        if orDone && code == SQLITE_DONE { return false }
        throw NotesError.sqlite(lastMessage())
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }
}

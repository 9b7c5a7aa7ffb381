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
        // TODO: sqlite3_open, read PRAGMA user_version, then create or migrate in a
        // transaction that also sets user_version to 2.
    }

    /// Adds a note and returns its id.
    @discardableResult
    func add(title: String, body: String) throws -> Int64 {
        // TODO: INSERT with bound values; sqlite3_last_insert_rowid.
        0
    }

    /// Pins or unpins a note; an unknown id changes nothing.
    func setPinned(_ pinned: Bool, id: Int64) throws {
        // TODO
    }

    /// Every note, pinned ones first, each group by id.
    func notes() throws -> [Note] {
        // TODO
        []
    }

    /// Closes the database.
    func close() throws {
        // TODO
    }

    // MARK: - SQLite helpers

    /// Runs one or more SQL statements that return no rows.
    private func execute(_ sql: String) throws {
        guard let db else { throw NotesError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }
}

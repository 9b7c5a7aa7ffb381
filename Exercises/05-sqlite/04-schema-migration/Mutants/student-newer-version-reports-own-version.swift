// Mutant: refuses a newer file with NotesError.newerVersion(NotesDatabase.version), the version this app knows, instead of the version found in the file, the value a student has at hand when writing the check
// Hint: The error for a newer file carries the version found in the file, which says which version of the app wrote it. The version your app knows is the same in every report and tells the caller nothing.
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

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class NotesDatabase {
    static let version: Int32 = 2

    static var defaultURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("notes.sqlite")
    }

    private let url: URL
    private var connection: OpaquePointer?

    init(url: URL = NotesDatabase.defaultURL) {
        self.url = url
    }

    private func check(_ rc: Int32, _ expected: Int32 = SQLITE_OK) throws {
        if rc != expected {
            throw NotesError.sqlite(String(cString: sqlite3_errmsg(connection)))
        }
    }

    private func run(_ sql: String) throws {
        try check(sqlite3_exec(connection, sql, nil, nil, nil))
    }

    private func readVersion() throws -> Int32 {
        var stmt: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, "PRAGMA user_version;", -1, &stmt, nil))
        defer { sqlite3_finalize(stmt) }
        try check(sqlite3_step(stmt), SQLITE_ROW)
        return sqlite3_column_int(stmt, 0)
    }

    func open() throws {
        guard connection == nil else { return }
        let rc = sqlite3_open(url.path, &connection)
        if rc != SQLITE_OK {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_close(connection)
            connection = nil
            throw NotesError.sqlite(message)
        }
        do {
            let found = try readVersion()
            if found > NotesDatabase.version {
                throw NotesError.newerVersion(NotesDatabase.version)
            }
            if found < NotesDatabase.version {
                try run("BEGIN;")
                do {
                    if found == 0 {
                        try run("""
                            CREATE TABLE notes(
                                id INTEGER PRIMARY KEY AUTOINCREMENT,
                                title TEXT NOT NULL,
                                body TEXT NOT NULL DEFAULT '',
                                pinned INTEGER NOT NULL DEFAULT 0);
                            """)
                    } else {
                        try run("ALTER TABLE notes ADD COLUMN body TEXT NOT NULL DEFAULT '';")
                        try run("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;")
                        try run("""
                            UPDATE notes SET body = substr(title, instr(title, char(10)) + 1),
                                             title = substr(title, 1, instr(title, char(10)) - 1)
                            WHERE instr(title, char(10)) > 0;
                            """)
                    }
                    try run("PRAGMA user_version = 2;")
                    try run("COMMIT;")
                } catch {
                    sqlite3_exec(connection, "ROLLBACK;", nil, nil, nil)
                    throw error
                }
            }
        } catch {
            sqlite3_close(connection)
            connection = nil
            throw error
        }
    }

    func add(title: String, body: String) throws -> Int64 {
        guard connection != nil else { throw NotesError.notOpen }
        var stmt: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, "INSERT INTO notes(title, body) VALUES (?, ?);", -1, &stmt, nil))
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, title, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(stmt, 2, body, -1, SQLITE_TRANSIENT)
        try check(sqlite3_step(stmt), SQLITE_DONE)
        return sqlite3_last_insert_rowid(connection)
    }

    func setPinned(_ pinned: Bool, id: Int64) throws {
        guard connection != nil else { throw NotesError.notOpen }
        var stmt: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, "UPDATE notes SET pinned = ? WHERE id = ?;", -1, &stmt, nil))
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int(stmt, 1, pinned ? 1 : 0)
        sqlite3_bind_int64(stmt, 2, id)
        try check(sqlite3_step(stmt), SQLITE_DONE)
    }

    func notes() throws -> [Note] {
        guard connection != nil else { throw NotesError.notOpen }
        var stmt: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, "SELECT id, title, body, pinned FROM notes ORDER BY pinned DESC, id;", -1, &stmt, nil))
        defer { sqlite3_finalize(stmt) }
        var all = [Note]()
        var rc = sqlite3_step(stmt)
        while rc == SQLITE_ROW {
            all.append(Note(id: sqlite3_column_int64(stmt, 0),
                            title: String(cString: sqlite3_column_text(stmt, 1)),
                            body: String(cString: sqlite3_column_text(stmt, 2)),
                            pinned: sqlite3_column_int(stmt, 3) != 0))
            rc = sqlite3_step(stmt)
        }
        try check(rc, SQLITE_DONE)
        return all
    }

    func close() throws {
        guard connection != nil else { return }
        try check(sqlite3_close(connection))
        connection = nil
    }
}

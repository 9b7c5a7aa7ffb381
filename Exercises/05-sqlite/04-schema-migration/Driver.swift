import ExerciseKit
import Foundation
import SQLite3

@main
enum SchemaMigrationDriver: ExerciseDriver {
    struct InstallArgs: Decodable {
        var titles: [String]
        /// Notes the user of version 1 deleted afterwards, by id.
        var deleted: [Int64]?
    }
    struct ManyArgs: Decodable { var count: Int }
    struct AddArgs: Decodable { var title: String; var body: String }
    struct PinArgs: Decodable { var id: Int64; var pinned: Bool }
    struct VersionArgs: Decodable { var version: Int32 }

    struct NoteReply: Encodable {
        var id: Int64
        var title: String
        var body: String
        var pinned: Bool
    }

    /// A few facts about a long list, to compare without its every note.
    struct Summary: Encodable {
        var count: Int
        var withBody: Int
        var pinned: Int
        var first: NoteReply?
        var last: NoteReply?
    }

    /// One column of the notes table, as `PRAGMA table_info` describes it.
    struct Column: Encodable {
        var name: String
        var type: String
        var notNull: Bool
        var defaultValue: String?
        var primaryKey: Bool

        enum CodingKeys: String, CodingKey { case name, type, notNull, defaultValue, primaryKey }

        // A column without a default says so with null, rather than leaving the key out.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(notNull, forKey: .notNull)
            try container.encode(defaultValue, forKey: .defaultValue)
            try container.encode(primaryKey, forKey: .primaryKey)
        }
    }

    static func reply(_ note: Note) -> NoteReply {
        NoteReply(id: note.id, title: note.title, body: note.body, pinned: note.pinned)
    }

    static func register(_ app: inout Operations) {
        // One database object per launch, as the app would keep one.
        let database = NotesDatabase()

        app.on("open") { try database.open() }
        app.on("add") { (args: AddArgs) in try database.add(title: args.title, body: args.body) }
        app.on("pin") { (args: PinArgs) in try database.setPinned(args.pinned, id: args.id) }
        app.on("notes") { try database.notes().map(reply) }
        app.on("summary") { () -> Summary in
            let notes = try database.notes()
            return Summary(count: notes.count, withBody: notes.filter { !$0.body.isEmpty }.count,
                           pinned: notes.filter(\.pinned).count,
                           first: notes.first.map(reply), last: notes.last.map(reply))
        }
        app.on("close") { try database.close() }
        // The app is quitting: it closes its database, as applicationWillTerminate would.
        app.onTerminate { try? database.close() }

        // What the previous version of the app left on the device.
        app.on("installVersion1") { (args: InstallArgs) in
            try OldApps.installVersion1(titles: args.titles, deleted: args.deleted ?? [])
        }
        app.on("installManyVersion1") { (args: ManyArgs) in
            // Every third note is a single line; the others have a second line, the body.
            let titles = (1...args.count).map { n in n % 3 == 0 ? "Note \(n)" : "Note \(n)\nBody of note \(n)" }
            try OldApps.installVersion1(titles: titles, deleted: [])
        }
        app.on("installVersion3") { try OldApps.installVersion3() }
        // A file a still later app made: version 3's tables, stamped `version`.
        app.on("installNewer") { (args: VersionArgs) in try OldApps.installVersion3(stamp: args.version) }

        // How the file looks, read through a connection of the driver's own.
        app.on("version") { () -> Int32 in
            try OldApps.withDatabase(readOnly: true) { db in
                try OldApps.rows(db, "PRAGMA user_version") { sqlite3_column_int($0, 0) }[0]
            }
        }
        app.on("columns") { () -> [Column] in
            try OldApps.withDatabase(readOnly: true) { db in
                try OldApps.rows(db, "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('notes') ORDER BY cid") { row in
                    Column(name: String(cString: sqlite3_column_text(row, 0)),
                           type: String(cString: sqlite3_column_text(row, 1)),
                           notNull: sqlite3_column_int(row, 2) != 0,
                           defaultValue: sqlite3_column_text(row, 3).map { String(cString: $0) },
                           primaryKey: sqlite3_column_int(row, 4) != 0)
                }
            }
        }
    }
}

/// The code of other versions of the app, which wrote Documents/notes.sqlite before this one
/// ran. None of it is the learner's.
enum OldApps {
    /// Why the driver could not read or write the file (the grader reports the case).
    enum DatabaseFile: Error {
        /// There is no Documents/notes.sqlite.
        case missing
        /// SQLite refused; the text is `sqlite3_errmsg`'s.
        case sqlite(String)
    }

    static var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "notes.sqlite")
    }

    /// Version 1 of the app: one text field per note, all of it in `title`.
    static func installVersion1(titles: [String], deleted: [Int64]) throws {
        try withDatabase(readOnly: false) { db in
            try execute(db, """
                CREATE TABLE IF NOT EXISTS notes(id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL);
                PRAGMA user_version = 1;
                BEGIN;
                """)
            for title in titles {
                try run(db, "INSERT INTO notes(title) VALUES (?)") { sqlite3_bind_text($0, 1, title, -1, transient) }
            }
            for id in deleted {
                try run(db, "DELETE FROM notes WHERE id = ?") { sqlite3_bind_int64($0, 1, id) }
            }
            try execute(db, "COMMIT")
        }
    }

    /// Version 3, which a user installed and then went back from: it added tags.
    static func installVersion3(stamp version: Int32 = 3) throws {
        try withDatabase(readOnly: false) { db in
            try execute(db, """
                BEGIN;
                CREATE TABLE notes(id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
                                   body TEXT NOT NULL DEFAULT '', pinned INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE tags(note INTEGER NOT NULL REFERENCES notes(id), tag TEXT NOT NULL);
                INSERT INTO notes(title, body, pinned) VALUES ('From the future', 'Tagged', 1);
                INSERT INTO tags(note, tag) VALUES (1, 'time travel');
                PRAGMA user_version = \(version);
                COMMIT;
                """)
        }
    }

    static func withDatabase<T>(readOnly: Bool, _ body: (OpaquePointer) throws -> T) throws -> T {
        if readOnly, !FileManager.default.fileExists(atPath: url.path) { throw DatabaseFile.missing }
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(url.path, &db, flags, nil) == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "no memory"
            sqlite3_close(db)
            throw DatabaseFile.sqlite(message)
        }
        defer { sqlite3_close(db) }
        return try body(db)
    }

    static func execute(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw DatabaseFile.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    /// Runs a statement that returns no rows, after `bind`.
    static func run(_ db: OpaquePointer, _ sql: String, bind: (OpaquePointer?) -> Void) throws {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseFile.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        bind(statement)
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw DatabaseFile.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    static func rows<T>(_ db: OpaquePointer, _ sql: String, _ read: (OpaquePointer?) -> T) throws -> [T] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseFile.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        var result: [T] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: result.append(read(statement))
            case SQLITE_DONE: return result
            default: throw DatabaseFile.sqlite(String(cString: sqlite3_errmsg(db)))
            }
        }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

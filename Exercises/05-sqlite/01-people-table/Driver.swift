import ExerciseKit
import Foundation
import SQLite3

@main
enum PeopleTableDriver: ExerciseDriver {
    struct NewPerson: Decodable { var name: String; var age: Int }
    struct Row: Encodable { var id: Int; var name: String; var age: Int }

    static func register(_ app: inout Operations) {
        // The store of this launch: opened by `open`, or by the first call that needs it.
        var store: PeopleStore?
        // Stores replaced by a later `open`: kept, so that their connections stay open.
        var keptOpen: [PeopleStore] = []
        func current() throws -> PeopleStore {
            if let store { return store }
            let opened = try PeopleStore()
            store = opened
            return opened
        }

        // Opens a new store, even when one is open already (the earlier one stays open too).
        app.on("open") {
            let opened = try PeopleStore()
            if let store { keptOpen.append(store) }
            store = opened
        }
        app.on("insert") { (args: NewPerson) in try current().insert(name: args.name, age: args.age) }
        app.on("list") { try current().all().map { Row(id: $0.id, name: $0.name, age: $0.age) } }
        app.on("close") {
            try store?.close()
            store = nil
        }
        // What the app finds where its database should be, put there before it opens it: a
        // text file (SQLite opens it, and the first statement finds it is no database), or a
        // folder (which SQLite cannot open at all).
        let databaseURL = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("people.sqlite")
        app.on("putTextFile") {
            try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(String(repeating: "These are notes, not a database.\n", count: 40).utf8).write(to: databaseURL)
        }
        app.on("putFolder") {
            try FileManager.default.createDirectory(at: databaseURL, withIntermediateDirectories: true)
        }
        // An empty file where the database goes, as a launch killed right after sqlite3_open
        // created the file (before any table was written) leaves it.
        app.on("putEmptyFile") {
            try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: databaseURL)
        }
        // Another part of the app keeps a statement of the store's connection unfinalized (a
        // query it has not finished), so that sqlite3_close answers SQLITE_BUSY; released, the
        // connection can close. Reaches the connection the app opened last, without calling
        // the learner's code.
        app.on("holdStatement") { try ConnectionWatch.hold() }
        app.on("releaseStatement") { ConnectionWatch.release() }
        ConnectionWatch.install()
        // applicationWillTerminate: close what is still open.
        app.onTerminate {
            ConnectionWatch.release()
            try? store?.close()
            for earlier in keptOpen { try? earlier.close() }
        }
    }
}

/// The connections the app opens, seen through an SQLite auto-extension (called for each new
/// connection): the driver can then keep a statement of the latest one unfinalized. It never
/// touches the learner's objects.
enum ConnectionWatch {
    struct NoConnection: Error {}
    nonisolated(unsafe) private static var latest: OpaquePointer?
    nonisolated(unsafe) private static var held: OpaquePointer?

    private static let entry: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, UnsafeRawPointer?) -> Int32 = {
        db, _, _ in
        ConnectionWatch.latest = db
        return SQLITE_OK
    }

    static func install() {
        _ = sqlite3_auto_extension(unsafeBitCast(entry, to: (@convention(c) () -> Void).self))
    }

    static func hold() throws {
        guard held == nil else { return }
        guard let db = latest else { throw NoConnection() }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT 1", -1, &statement, nil) == SQLITE_OK else { throw NoConnection() }
        held = statement
    }

    static func release() {
        guard let statement = held else { return }
        held = nil
        sqlite3_finalize(statement)
    }
}

import ExerciseKit
import Foundation

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
        // applicationWillTerminate: close what is still open.
        app.onTerminate {
            try? store?.close()
            for earlier in keptOpen { try? earlier.close() }
        }
    }
}

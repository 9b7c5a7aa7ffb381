import ExerciseKit
import Foundation
import SQLite3

@main
enum ContactsRepositoryDriver: ExerciseDriver {
    struct NewContact: Decodable { var name: String; var phone: String }
    struct ID: Decodable { var id: Int }
    struct Search: Decodable { var text: String }
    struct Row: Codable { var id: Int; var name: String; var phone: String }

    static func register(_ app: inout Operations) {
        // The repository of this launch, opened by the first call that needs it.
        var repository: ContactsRepository?
        func current() throws -> ContactsRepository {
            if let repository { return repository }
            let opened = try ContactsRepository()
            repository = opened
            return opened
        }
        func row(_ contact: Contact) -> Row { Row(id: contact.id, name: contact.name, phone: contact.phone) }

        app.on("create") { (args: NewContact) in try current().create(name: args.name, phone: args.phone) }
        app.on("read") { (args: ID) in try current().read(id: args.id).map(row) }
        app.on("update") { (args: Row) in
            try current().update(Contact(id: args.id, name: args.name, phone: args.phone))
        }
        app.on("delete") { (args: ID) in try current().delete(id: args.id) }
        app.on("search") { (args: Search) in try current().search(args.text).map(row) }
        app.on("close") {
            try repository?.close()
            repository = nil
        }
        // The journal mode stored in the file, read through a connection of the driver's own.
        app.on("journalMode") { () -> String in
            var db: OpaquePointer?
            defer { sqlite3_close(db) }
            let path = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                .appendingPathComponent("contacts.sqlite").path
            guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return "unreadable" }
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &statement, nil) == SQLITE_OK,
                  sqlite3_step(statement) == SQLITE_ROW,
                  let mode = sqlite3_column_text(statement, 0) else { return "unreadable" }
            return String(cString: mode)
        }
        // applicationWillTerminate: the app closes its database on the way out.
        app.onTerminate { try? repository?.close() }
    }
}

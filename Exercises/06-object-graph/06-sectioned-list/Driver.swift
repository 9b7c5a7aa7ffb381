import ExerciseKit
import Foundation

@main
enum SectionedListDriver: ExerciseDriver {
    struct Name: Decodable { var name: String }
    struct Rename: Decodable { var name: String; var to: String }
    struct SectionRow: Encodable { var name: String; var contacts: [String] }

    static func register(_ app: inout Operations) {
        // The list of this launch (the screen on show), made by the first call that needs it.
        var opened: ContactList?
        func list() throws -> ContactList {
            if let opened { return opened }
            let list = try ContactList()
            opened = list
            return list
        }

        app.on("add") { (args: Name) in try list().add(args.name) }
        app.on("rename") { (args: Rename) in try list().rename(args.name, to: args.to) }
        app.on("delete") { (args: Name) in try list().delete(args.name) }
        app.on("sections") { () -> [SectionRow] in
            try list().sections().map { SectionRow(name: $0.name, contacts: $0.contacts) }
        }
        app.on("events") { () -> [String] in try list().takeEvents() }
    }
}

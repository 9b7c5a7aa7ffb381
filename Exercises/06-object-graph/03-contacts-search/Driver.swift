import ExerciseKit
import Foundation

@main
enum ContactsSearchDriver: ExerciseDriver {
    struct NewContact: Decodable { var name: String; var city: String }
    struct Search: Decodable { var text: String; var city: String?; var limit: Int?; var offset: Int? }
    struct Either: Decodable { var text: String; var city: String }
    struct Find: Decodable { var field: String; var value: String }
    struct Row: Encodable { var name: String; var city: String }

    static func register(_ app: inout Operations) {
        var directory: ContactDirectory?
        func current() -> ContactDirectory {
            if let directory { return directory }
            let opened = ContactDirectory()
            directory = opened
            return opened
        }
        func rows(_ contacts: [Contact]) -> [Row] {
            contacts.map { Row(name: $0.name ?? "", city: $0.city ?? "") }
        }

        app.on("add") { (args: NewContact) in try current().add(name: args.name, city: args.city) }
        app.on("search") { (args: Search) in
            try rows(current().search(text: args.text, city: args.city, limit: args.limit ?? 0, offset: args.offset ?? 0))
        }
        app.on("searchEither") { (args: Either) in try rows(current().searchEither(text: args.text, city: args.city)) }
        app.on("searchOutside") { (args: Either) in try rows(current().searchOutside(city: args.city, text: args.text)) }
        app.on("find") { (args: Find) in try rows(current().find(field: args.field, equals: args.value)) }
        app.on("count") { (args: Search) in try current().count(text: args.text, city: args.city) }
        // How many objects the context holds: a count that fetched every contact leaves them here.
        app.on("loadedObjects") { current().context.registeredObjects.count }
    }
}

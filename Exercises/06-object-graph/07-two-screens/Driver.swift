import ExerciseKit
import Foundation

@main
enum TwoScreensDriver: ExerciseDriver {
    struct Name: Decodable { var name: String }
    struct Phone: Decodable { var name: String; var phone: String? }
    struct Email: Decodable { var name: String; var email: String? }
    struct Server: Decodable { var name: String; var phone: String?; var email: String? }
    /// A contact, with `null` for a missing phone or email (rather than no member at all).
    struct Row: Encodable {
        var name: String
        var phone: String?
        var email: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(phone, forKey: .phone)
            try container.encode(email, forKey: .email)
        }

        enum CodingKeys: String, CodingKey { case name, phone, email }
    }

    static func register(_ app: inout Operations) {
        var book: AddressBook?
        func current() throws -> AddressBook {
            if let book { return book }
            let opened = try AddressBook()
            book = opened
            return opened
        }

        app.on("add") { (args: Name) in try current().add(args.name) }
        app.on("editPhone") { (args: Phone) in try current().editPhone(args.name, to: args.phone) }
        app.on("editEmail") { (args: Email) in try current().editEmail(args.name, to: args.email) }
        app.on("serverUpdate") { (args: Server) in try current().serverUpdate(args.name, phone: args.phone, email: args.email) }
        app.on("done") { try current().done() }
        app.on("cancel") { try current().cancel() }
        app.on("pullToRefresh") { try current().pullToRefresh() }
        app.on("contacts") { try current().contacts().map { Row(name: $0.name, phone: $0.phone, email: $0.email) } }
        // Whether the main context holds unsaved edits.
        app.on("hasChanges") { try current().context.hasChanges }
    }
}

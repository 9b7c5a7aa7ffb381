import ExerciseKit
import Foundation

@main
enum ContactDriver: ExerciseDriver {
    struct JSONText: Decodable { var json: String }
    struct FileName: Decodable { var name: String }

    /// A contact as the cases see it: the URL as its text, a missing phone left out.
    struct ContactView: Encodable {
        var name: String
        var email: String
        var homepage: String
        var phone: String?

        init(_ contact: Contact) {
            name = contact.person.name
            email = contact.person.email
            homepage = contact.homepage.absoluteString
            phone = contact.phone
        }
    }

    static func register(_ app: inout Operations) {
        let store = ContactStore()

        app.on("import") { (args: JSONText) -> Int in
            try store.importContacts(fromJSON: Data(args.json.utf8))
        }
        app.on("loadJSON") { try store.loadFromJSON().map(ContactView.init) }
        app.on("loadPlist") { try store.loadFromPropertyList().map(ContactView.init) }

        // The user deletes one of the files in the Files app.
        app.on("deleteFile") { (args: FileName) in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try FileManager.default.removeItem(at: documents.appendingPathComponent(args.name))
        }
        // Another app leaves bytes in one of the files that are no list of contacts.
        app.on("damageFile") { (args: FileName) in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try Data("not a list of contacts".utf8).write(to: documents.appendingPathComponent(args.name))
        }
        // Another app leaves one of the files there but empty (0 bytes).
        app.on("emptyFile") { (args: FileName) in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try Data().write(to: documents.appendingPathComponent(args.name))
        }
    }
}

import ExerciseKit
import Foundation

@main
enum FirstLaunchCopyDriver: ExerciseDriver {
    struct CodeArgs: Decodable { var code: String }
    struct TextArgs: Decodable { var text: String }
    struct RenameArgs: Decodable { var code: String; var name: String }
    struct UserFileArgs: Decodable { var name: String; var text: String }

    /// A few facts about the installed list, to compare without its 151 entries.
    struct Summary: Encodable {
        var species: Int
        var icons: Int
        var types: Int
        var first: String?
        var pikachu: String?
    }

    struct NotADictionary: Error {}

    static func register(_ app: inout Operations) {
        let installer = PokemonInstaller()

        // What the app does first at every launch.
        app.on("launch") { try installer.installIfNeeded() }
        app.on("restoreOriginal") { try installer.restoreOriginal() }

        // The rest of the app reads and edits the installed copy.
        func load() throws -> [String: Any] {
            let data = try Data(contentsOf: installer.installedURL)
            guard let root = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
                throw NotADictionary()
            }
            return root
        }
        app.on("summary") { () -> Summary in
            let root = try load()
            let names = root["names"] as? [String: String] ?? [:]
            return Summary(species: names.count,
                           icons: (root["icons"] as? [String: String])?.count ?? 0,
                           types: (root["types"] as? [String: Any])?.count ?? 0,
                           first: names["001"], pikachu: names["025"])
        }
        app.on("species") { (args: CodeArgs) -> String? in
            (try load()["names"] as? [String: String])?[args.code]
        }
        // The user renames a species; the app saves the list back as an XML property list.
        app.on("rename") { (args: RenameArgs) in
            var root = try load()
            var names = root["names"] as? [String: String] ?? [:]
            names[args.code] = args.name
            root["names"] = names
            let data = try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
            try data.write(to: installer.installedURL, options: .atomic)
        }
        // Something else (an older version, a sync) leaves the copy unreadable: `text` in place
        // of the property list.
        app.on("damageCopy") { (args: TextArgs) in
            try Data(args.text.utf8).write(to: installer.installedURL)
        }
        // The user saves a file of their own in Documents from the Files app.
        app.on("addUserFile") { (args: UserFileArgs) in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try Data(args.text.utf8).write(to: documents.appending(path: args.name), options: .atomic)
        }
        // The user deletes the copy from the Files app.
        app.on("deleteCopy") {
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try FileManager.default.removeItem(at: documents.appending(path: "pokemons.plist"))
        }
    }
}

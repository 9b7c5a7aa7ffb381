import ExerciseKit
import Foundation

@main
enum PhonebookDriver: ExerciseDriver {
    struct AddArgs: Decodable { var name: String; var phone: String }
    struct NameArgs: Decodable { var name: String }
    struct Entry: Encodable { var name: String; var phone: String }

    /// How the phonebook sits in the standard defaults.
    struct Storage: Encodable {
        /// Whether "phonebook" holds a `Data` value.
        var isData: Bool
        /// Every other key the app has stored (the system's own are left out).
        var otherKeys: [String]
    }

    static func register(_ app: inout Operations) {
        let store = PhonebookStore()

        app.on("add") { (args: AddArgs) in try store.add(name: args.name, phone: args.phone) }
        app.on("remove") { (args: NameArgs) in try store.remove(name: args.name) }
        app.on("lookup") { (args: NameArgs) in store.phone(for: args.name) }
        app.on("entries") { store.entries().map { Entry(name: $0.name, phone: $0.phone) } }

        app.on("storage") { () -> Storage in
            let defaults = UserDefaults.standard
            let systemPrefixes = ["Apple", "NS", "com.apple."]
            let others = defaults.dictionaryRepresentation().keys.filter { key in
                key != "phonebook" && !systemPrefixes.contains { key.hasPrefix($0) }
            }
            return Storage(isData: defaults.data(forKey: "phonebook") != nil, otherKeys: others.sorted())
        }
        // An older version of the app left bytes that are no phonebook under the key.
        app.on("corrupt") { UserDefaults.standard.set(Data("not a phonebook".utf8), forKey: "phonebook") }
        // An older version of the app kept the phonebook under the same key as text, not Data.
        app.on("oldText") { UserDefaults.standard.set("Ana=600 111 222", forKey: "phonebook") }
    }
}

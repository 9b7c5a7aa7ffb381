// Mutant: keeps what each file was last read or written as in a static cache and answers loads from it, so a file the user deletes while the app runs still loads its old contacts until the next launch
// Hint: A load that answers from what was read or written earlier in the launch misses any change made to the file since, such as the user deleting it in the Files app while the app runs. Read the file each time a load is called.
import Foundation

struct Person: Codable, Equatable {
    var name: String
    var email: String
}

struct Contact: Codable, Equatable {
    var person: Person
    var homepage: URL
    var phone: String?
}

struct ContactStore {
    // Reading and decoding a file each time is slow: remember each file's contents.
    private static var jsonCache: [Contact]?
    private static var plistCache: [Contact]?

    private var documents: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    func importContacts(fromJSON data: Data) throws -> Int {
        let contacts = try JSONDecoder().decode([Contact].self, from: data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(contacts).write(to: documents.appendingPathComponent("contacts.json"), options: .atomic)
        try PropertyListEncoder().encode(contacts).write(to: documents.appendingPathComponent("contacts.plist"), options: .atomic)
        ContactStore.jsonCache = contacts
        ContactStore.plistCache = contacts
        return contacts.count
    }

    func loadFromJSON() throws -> [Contact] {
        if let cached = ContactStore.jsonCache { return cached }
        let url = documents.appendingPathComponent("contacts.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let contacts = try JSONDecoder().decode([Contact].self, from: Data(contentsOf: url))
        ContactStore.jsonCache = contacts
        return contacts
    }

    func loadFromPropertyList() throws -> [Contact] {
        if let cached = ContactStore.plistCache { return cached }
        let url = documents.appendingPathComponent("contacts.plist")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let contacts = try PropertyListDecoder().decode([Contact].self, from: Data(contentsOf: url))
        ContactStore.plistCache = contacts
        return contacts
    }
}

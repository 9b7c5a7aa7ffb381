// Mutant: an import first deletes both files, then writes the new ones non-atomically
// Hint: imagine the app being killed right after the first thing your import does to the disk: what would the next launch load?
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
    private func documentsURL() -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    private var jsonURL: URL { documentsURL().appendingPathComponent("contacts.json") }
    private var plistURL: URL { documentsURL().appendingPathComponent("contacts.plist") }

    func importContacts(fromJSON data: Data) throws -> Int {
        // Decode first to validate the input.
        let contacts = try JSONDecoder().decode([Contact].self, from: data)

        // Replace the earlier list: clear the old files, then write the new ones.
        let fileManager = FileManager.default
        for url in [jsonURL, plistURL] where fileManager.fileExists(atPath: url.path) {
            try fileManager.removeItem(at: url)
        }

        try JSONEncoder().encode(contacts).write(to: jsonURL)

        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .xml
        try plistEncoder.encode(contacts).write(to: plistURL)
        return contacts.count
    }

    func loadFromJSON() throws -> [Contact] {
        guard FileManager.default.fileExists(atPath: jsonURL.path) else { return [] }
        let data = try Data(contentsOf: jsonURL)
        return try JSONDecoder().decode([Contact].self, from: data)
    }

    func loadFromPropertyList() throws -> [Contact] {
        guard FileManager.default.fileExists(atPath: plistURL.path) else { return [] }
        let data = try Data(contentsOf: plistURL)
        return try PropertyListDecoder().decode([Contact].self, from: data)
    }
}

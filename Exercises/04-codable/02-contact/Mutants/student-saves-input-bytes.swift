// Mutant: contacts.json is the imported bytes as received, extra keys included
// Hint: think about what ends up in contacts.json when the server sends keys your model does not have.
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

        // The input already is JSON, so keep it as the shared file.
        try data.write(to: jsonURL, options: .atomic)

        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .xml
        try plistEncoder.encode(contacts).write(to: plistURL, options: .atomic)
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

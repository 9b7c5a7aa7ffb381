// Mutant: loadFromJSON writes contacts.plist again from what it read when the property list is missing, so a property list the user deleted comes back after a JSON load
// Hint: A load only reads its own file; it never writes or restores the other one.
import Foundation

/// Who a contact is.
struct Person: Codable, Equatable {
    var name: String
    var email: String
}

/// One entry of the address book, as the company's server sends it.
///
/// Every property is `Codable`, so the compiler writes both methods: `person` becomes a
/// nested object, `homepage` a string in JSON (a `relative` dictionary in a property list),
/// and the optional `phone` is decoded with `decodeIfPresent` and left out when nil.
struct Contact: Codable, Equatable {
    var person: Person
    var homepage: URL
    var phone: String?
}

/// Keeps the contacts in Documents twice: as JSON (to share) and as a property list.
///
/// Both files come from the same `[Contact]` through two kinds of coder; the model does not
/// change. Nothing is kept in memory: each load reads its own file.
struct ContactStore {
    private let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]

    var jsonURL: URL { documents.appendingPathComponent("contacts.json") }
    var propertyListURL: URL { documents.appendingPathComponent("contacts.plist") }

    /// Decodes a JSON array of contacts and saves it to both files, replacing what was there.
    /// When the data does not decode, the error is thrown and nothing is saved.
    func importContacts(fromJSON data: Data) throws -> Int {
        // Decode first: only a complete, valid list reaches the disk.
        let contacts = try JSONDecoder().decode([Contact].self, from: data)
        try save(contacts)
        return contacts.count
    }

    func loadFromJSON() throws -> [Contact] {
        guard let data = try readIfPresent(jsonURL) else { return [] }
        let contacts = try JSONDecoder().decode([Contact].self, from: data)
        // Keep the two copies in sync.
        if !FileManager.default.fileExists(atPath: propertyListURL.path) {
            try PropertyListEncoder().encode(contacts).write(to: propertyListURL, options: .atomic)
        }
        return contacts
    }

    func loadFromPropertyList() throws -> [Contact] {
        guard let data = try readIfPresent(propertyListURL) else { return [] }
        // PropertyListDecoder reads the XML and the binary format alike.
        return try PropertyListDecoder().decode([Contact].self, from: data)
    }

    // MARK: Files

    private func save(_ contacts: [Contact]) throws {
        // Encoding again (rather than writing the input bytes) keeps only the model's keys.
        let jsonEncoder = JSONEncoder()
        jsonEncoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try jsonEncoder.encode(contacts).write(to: jsonURL, options: .atomic)

        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        try plistEncoder.encode(contacts).write(to: propertyListURL, options: .atomic)
    }

    /// The file's bytes, or nil when the file does not exist.
    private func readIfPresent(_ url: URL) throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }
}

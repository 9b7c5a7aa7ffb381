// Mutant: the import keeps only the first contact of each email, so a list with two entries sharing an email saves and counts one fewer
// Hint: The import saves the list it decoded, every entry of it; nothing in the statement makes an email unique.
import Foundation

/// Who a contact is.
struct Person: Codable, Equatable {
    var name: String
    var email: String
}

/// One entry of the address book, as the company's server sends it.
struct Contact: Codable, Equatable {
    var person: Person
    var homepage: URL
    var phone: String?
}

/// Keeps the contacts in Documents as contacts.json and as contacts.plist.
struct ContactStore {
    private var documents: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }
    private var jsonURL: URL { documents.appendingPathComponent("contacts.json") }
    private var plistURL: URL { documents.appendingPathComponent("contacts.plist") }

    /// Decodes a JSON array of contacts and saves it to both files, replacing what was there.
    func importContacts(fromJSON data: Data) throws -> Int {
        let decoded = try JSONDecoder().decode([Contact].self, from: data)
        // The same person twice (same email) is one contact: keep the first.
        var seen = Set<String>()
        let contacts = decoded.filter { seen.insert($0.person.email).inserted }
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try JSONEncoder().encode(contacts).write(to: jsonURL, options: .atomic)
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .xml
        try plistEncoder.encode(contacts).write(to: plistURL, options: .atomic)
        return contacts.count
    }

    /// The contacts in Documents/contacts.json; [] when there is no such file.
    func loadFromJSON() throws -> [Contact] {
        guard FileManager.default.fileExists(atPath: jsonURL.path) else { return [] }
        return try JSONDecoder().decode([Contact].self, from: Data(contentsOf: jsonURL))
    }

    /// The contacts in Documents/contacts.plist; [] when there is no such file.
    func loadFromPropertyList() throws -> [Contact] {
        guard FileManager.default.fileExists(atPath: plistURL.path) else { return [] }
        return try PropertyListDecoder().decode([Contact].self, from: Data(contentsOf: plistURL))
    }
}

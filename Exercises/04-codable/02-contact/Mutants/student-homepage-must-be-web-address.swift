// Mutant: Contact's own init(from:) also refuses a homepage that is a URL but not an http(s) address with a host ("ana.example.com" without its scheme, "mailto:ana@example.com", "ftp://…"), throwing dataCorrupted at [n].homepage, so such a list is not imported and the files keep the old one
// Hint: A homepage is any URL the decoder reads: a mailto: or a scheme-less address is one too.
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
    var phone: String?      // missing or null: no phone
}

extension Contact {
    enum CodingKeys: String, CodingKey {
        case person, homepage, phone
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        person = try container.decode(Person.self, forKey: .person)
        homepage = try container.decode(URL.self, forKey: .homepage)
        // A homepage is a web page: insist on http(s) and a host.
        guard let scheme = homepage.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = homepage.host, !host.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .homepage, in: container,
                debugDescription: "homepage must be an http(s) address, got \(homepage.absoluteString)")
        }
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
    }
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
        // Decoding comes first: if it throws, nothing below runs and both files stay.
        let contacts = try JSONDecoder().decode([Contact].self, from: data)

        // Re-encode what was decoded: keys the model lacks do not reach the files.
        let jsonBytes = try JSONEncoder().encode(contacts)
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let plistBytes = try plistEncoder.encode(contacts)

        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try jsonBytes.write(to: jsonURL, options: .atomic)
        try plistBytes.write(to: plistURL, options: .atomic)
        return contacts.count
    }

    /// The contacts in Documents/contacts.json; [] when there is no such file.
    func loadFromJSON() throws -> [Contact] {
        guard let bytes = try contentsIfPresent(jsonURL) else { return [] }
        return try JSONDecoder().decode([Contact].self, from: bytes)
    }

    /// The contacts in Documents/contacts.plist; [] when there is no such file.
    func loadFromPropertyList() throws -> [Contact] {
        guard let bytes = try contentsIfPresent(plistURL) else { return [] }
        return try PropertyListDecoder().decode([Contact].self, from: bytes)
    }

    private func contentsIfPresent(_ url: URL) throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }
}

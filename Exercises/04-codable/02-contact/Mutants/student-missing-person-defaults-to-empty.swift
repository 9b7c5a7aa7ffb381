// Mutant: Contact gets its own init(from:) that reads "person" with decodeIfPresent and uses Person(name: "", email: "") when the key is missing or null ("a contact may come without its person"), so such a contact is imported and saved instead of throwing the decoder's keyNotFound at [n] for key "person"
// Hint: Only the phone may be missing: a contact without its person must make the import fail with the decoder's own error, not get a made-up empty person.
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
    /// Missing key or `null`: nil (the synthesized code uses decodeIfPresent / encodeIfPresent).
    var phone: String?

    enum CodingKeys: String, CodingKey {
        case person, homepage, phone
    }
}

extension Contact {
    /// A contact whose person is missing gets an empty one rather than failing the whole list.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        person = try container.decodeIfPresent(Person.self, forKey: .person)
            ?? Person(name: "", email: "")
        homepage = try container.decode(URL.self, forKey: .homepage)
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
    @discardableResult
    func importContacts(fromJSON data: Data) throws -> Int {
        // Decode first: a decoding error propagates before any file is touched.
        let contacts = try JSONDecoder().decode([Contact].self, from: data)

        // Encode both before writing either, so an encoding failure changes nothing.
        let jsonData = try JSONEncoder().encode(contacts)
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let plistData = try plistEncoder.encode(contacts)

        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        // .atomic writes a temporary file and renames it over the old one: one step.
        try jsonData.write(to: jsonURL, options: .atomic)
        try plistData.write(to: plistURL, options: .atomic)
        return contacts.count
    }

    /// The contacts in Documents/contacts.json; [] when there is no such file.
    func loadFromJSON() throws -> [Contact] {
        guard FileManager.default.fileExists(atPath: jsonURL.path) else { return [] }
        let data = try Data(contentsOf: jsonURL)
        return try JSONDecoder().decode([Contact].self, from: data)
    }

    /// The contacts in Documents/contacts.plist; [] when there is no such file.
    func loadFromPropertyList() throws -> [Contact] {
        guard FileManager.default.fileExists(atPath: plistURL.path) else { return [] }
        let data = try Data(contentsOf: plistURL)
        return try PropertyListDecoder().decode([Contact].self, from: data)
    }
}

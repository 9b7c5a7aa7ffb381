// Mutant: decodes the array one contact at a time and drops the ones that fail ("one bad contact should not lose the others"), so a missing key or a wrong value is never reported and the rest is saved
// Hint: A contact that does not decode must stop the import with the decoder's error, and nothing may be saved. Dropping the bad contacts hides the problem from the caller and replaces the saved list with part of the new one.
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

/// Decodes anything, keeping the contact only when it is valid.
private struct MaybeContact: Decodable {
    let contact: Contact?

    init(from decoder: Decoder) throws {
        contact = try? Contact(from: decoder)
    }
}

struct ContactStore {
    let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!

    func importContacts(fromJSON data: Data) throws -> Int {
        let items = try JSONDecoder().decode([MaybeContact].self, from: data)
        let contacts = items.compactMap { $0.contact }

        let json = try JSONEncoder().encode(contacts)
        try json.write(to: folder.appendingPathComponent("contacts.json"), options: .atomic)
        let plist = try PropertyListEncoder().encode(contacts)
        try plist.write(to: folder.appendingPathComponent("contacts.plist"), options: .atomic)
        return contacts.count
    }

    func loadFromJSON() throws -> [Contact] {
        let url = folder.appendingPathComponent("contacts.json")
        if !FileManager.default.fileExists(atPath: url.path) { return [] }
        return try JSONDecoder().decode([Contact].self, from: Data(contentsOf: url))
    }

    func loadFromPropertyList() throws -> [Contact] {
        let url = folder.appendingPathComponent("contacts.plist")
        if !FileManager.default.fileExists(atPath: url.path) { return [] }
        return try PropertyListDecoder().decode([Contact].self, from: Data(contentsOf: url))
    }
}

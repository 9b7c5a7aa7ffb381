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
    var phone: String      // TODO: a contact may have no phone
}

/// Keeps the contacts in Documents as contacts.json and as contacts.plist.
struct ContactStore {
    /// Decodes a JSON array of contacts and saves it to both files, replacing what was there.
    func importContacts(fromJSON data: Data) throws -> Int {
        // TODO: decode, then save with a JSONEncoder and with a PropertyListEncoder.
        0
    }

    /// The contacts in Documents/contacts.json; [] when there is no such file.
    func loadFromJSON() throws -> [Contact] {
        [] // TODO
    }

    /// The contacts in Documents/contacts.plist; [] when there is no such file.
    func loadFromPropertyList() throws -> [Contact] {
        [] // TODO
    }
}

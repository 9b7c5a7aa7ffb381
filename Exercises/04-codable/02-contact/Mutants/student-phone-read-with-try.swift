// Mutant: writes Contact's init(from:) by hand and reads the optional phone with try?, so a phone sent as a number silently becomes nil instead of the decoder's typeMismatch
// Hint: An optional phone may be missing or `null`, but a phone of the wrong type, such as a number, is still an error, which the decoder reports as `typeMismatch` at its path. Reading it with `try?` turns that error into no phone; `decodeIfPresent`, which the synthesized code uses, lets it through.
import Foundation

struct Person: Codable, Equatable {
    var name: String
    var email: String
}

struct Contact: Codable, Equatable {
    var person: Person
    var homepage: URL
    var phone: String?

    enum CodingKeys: String, CodingKey {
        case person, homepage, phone
    }

    init(person: Person, homepage: URL, phone: String? = nil) {
        self.person = person
        self.homepage = homepage
        self.phone = phone
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        person = try c.decode(Person.self, forKey: .person)
        homepage = try c.decode(URL.self, forKey: .homepage)
        // The phone is optional, so a missing or odd one is simply no phone.
        phone = try? c.decode(String.self, forKey: .phone)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(person, forKey: .person)
        try c.encode(homepage, forKey: .homepage)
        try c.encodeIfPresent(phone, forKey: .phone)
    }
}

struct ContactStore {
    private func url(_ name: String) -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent(name)
    }

    func importContacts(fromJSON data: Data) throws -> Int {
        let list = try JSONDecoder().decode([Contact].self, from: data)
        try JSONEncoder().encode(list).write(to: url("contacts.json"), options: .atomic)
        try PropertyListEncoder().encode(list).write(to: url("contacts.plist"), options: .atomic)
        return list.count
    }

    func loadFromJSON() throws -> [Contact] {
        guard let data = FileManager.default.contents(atPath: url("contacts.json").path) else { return [] }
        return try JSONDecoder().decode([Contact].self, from: data)
    }

    func loadFromPropertyList() throws -> [Contact] {
        guard let data = FileManager.default.contents(atPath: url("contacts.plist").path) else { return [] }
        return try PropertyListDecoder().decode([Contact].self, from: data)
    }
}

// Mutant: an email of the wrong type (a number, an object) silently becomes nil instead of throwing
// Hint: an optional key may be missing or null, but is anything else in its place really acceptable?
import Foundation

struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var email: String?

    enum CodingKeys: String, CodingKey {
        case name, age, email
    }
}

extension Person {
    static let validAges = 0...99

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let age = try container.decode(Int.self, forKey: .age)
        switch age {
        case Person.validAges:
            break
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .age, in: container,
                debugDescription: "age must be between 0 and 99, got \(age)")
        }
        // The email is optional: anything unusable there just means no email.
        let email = try? container.decodeIfPresent(String.self, forKey: .email)
        self.init(name: name, age: age, email: email)
    }
}

struct Roster: Codable, Equatable {
    var club: String
    var people: [Person]
}

struct RosterStore {
    private var rosterURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("roster.json")
    }

    func importRoster(from json: Data) throws {
        let roster = try JSONDecoder().decode(Roster.self, from: json)
        let encoded = try JSONEncoder().encode(roster)

        try FileManager.default.createDirectory(
            at: rosterURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoded.write(to: rosterURL, options: .atomic)
    }

    func load() -> Roster? {
        guard let data = FileManager.default.contents(atPath: rosterURL.path) else { return nil }
        return try? JSONDecoder().decode(Roster.self, from: data)
    }
}

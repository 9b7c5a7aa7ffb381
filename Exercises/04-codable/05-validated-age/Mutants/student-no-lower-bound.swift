// Mutant: only ages of 100 and over are refused; negative ages pass
// Hint: list every kind of impossible age the statement names, not only the too-large ones.
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
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let age = try container.decode(Int.self, forKey: .age)
        guard age < 100 else {
            throw DecodingError.dataCorruptedError(
                forKey: .age, in: container,
                debugDescription: "age must be under 100, got \(age)")
        }
        let email = try container.decodeIfPresent(String.self, forKey: .email)
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

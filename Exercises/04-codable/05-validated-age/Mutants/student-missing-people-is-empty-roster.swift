// Mutant: Roster gets its own init(from:) that reads "people" with decodeIfPresent and uses [] when the key is missing (or null) ("a new club has nobody yet"), so {"club": "X"} decodes and importRoster saves it over the previous roster instead of throwing the decoder's keyNotFound for "people" and changing nothing on disk
// Hint: Roster's decoding is the synthesized one: a roster without its list of people is a decoding error, not a club with nobody in it.
import Foundation

/// A club member as the club's web service sends it: `{"name": "Lucía", "age": 34}`, with
/// an optional `"email"`.
struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var email: String?

    enum CodingKeys: String, CodingKey {
        case name, age, email
    }
}

extension Person {
    /// The ages a member can have.
    static let validAges = 0...99

    /// Decodes a person and refuses an age outside 0...99 with a `DecodingError`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let age = try container.decode(Int.self, forKey: .age)
        guard Person.validAges.contains(age) else {
            // The container's path plus the key: "age", "[1].age", "people[2].age"…
            throw DecodingError.dataCorruptedError(
                forKey: .age, in: container,
                debugDescription: "age must be between 0 and 99, got \(age)")
        }
        self.age = age
        // Missing or null: nil. Another type is still the container's error.
        email = try container.decodeIfPresent(String.self, forKey: .email)
    }
}

/// A club's roster: `{"club": "Riverside Runners", "people": [ … ]}`.
struct Roster: Codable, Equatable {
    var club: String
    var people: [Person]
}

extension Roster {
    /// A new club may come without its "people" yet: that is a roster with nobody in it.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        club = try container.decode(String.self, forKey: .club)
        people = try container.decodeIfPresent([Person].self, forKey: .people) ?? []
    }
}

/// Keeps the latest imported roster in `Documents/roster.json`.
struct RosterStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("roster.json")
    }

    /// Decodes `json` as a `Roster` and saves it, replacing the previous one. Data that does
    /// not decode throws the decoder's error and leaves the saved roster as it was.
    func importRoster(from json: Data) throws {
        let roster = try JSONDecoder().decode(Roster.self, from: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(roster)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }

    /// The saved roster, or nil when none was imported.
    func load() -> Roster? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? JSONDecoder().decode(Roster.self, from: data)
    }
}

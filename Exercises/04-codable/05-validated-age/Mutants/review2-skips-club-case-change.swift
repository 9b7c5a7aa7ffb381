// Mutant: importRoster skips the write when the saved roster is the same but for the case of the club's name, so a club renamed in case only keeps its old name
// Hint: A club's name that changes only in case is still a change: an import saves the roster exactly as it came.
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
    /// Decodes a person and refuses an age outside 0...99, so that an impossible age never
    /// becomes a `Person`, whatever the format (JSON or a property list).
    ///
    /// It sits in an extension so that `Person` keeps its memberwise initializer;
    /// `encode(to:)` is still synthesized from the same `CodingKeys`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        age = try container.decode(Int.self, forKey: .age)
        guard (0..<100).contains(age) else {
            // The helper puts the container's path plus `.age` in the error, so a bad age in
            // the third member of a roster is reported at `people[2].age`.
            throw DecodingError.dataCorruptedError(
                forKey: .age, in: container,
                debugDescription: "age must be between 0 and 99, got \(age)")
        }
        // Writing init(from:) by hand means writing every property: a missing or null email
        // is nil, as the synthesized code would do for an optional.
        email = try container.decodeIfPresent(String.self, forKey: .email)
    }
}

/// A club's roster: `{"club": "Riverside Runners", "people": [ … ]}`.
struct Roster: Codable, Equatable {
    var club: String
    var people: [Person]
}

/// Keeps the latest imported roster in `Documents/roster.json`.
struct RosterStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "roster.json")
    }

    /// Decodes `json` as a `Roster` and saves it, replacing the previous one. Data that does
    /// not decode throws the decoder's error and leaves the saved roster as it was.
    func importRoster(from json: Data) throws {
        // Decode first: only a roster that passed every check reaches the disk.
        let roster = try JSONDecoder().decode(Roster.self, from: json)
        if let old = load(), old.club.lowercased() == roster.club.lowercased(), old.people == roster.people { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(roster).write(to: fileURL, options: .atomic)
    }

    /// The saved roster, or nil when none was imported (or the file cannot be read).
    func load() -> Roster? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? JSONDecoder().decode(Roster.self, from: data)
    }
}

// Mutant: an age sent as text made of digits ("34") is read as its number instead of the decoder's typeMismatch
// Hint: Only a number is an age: text where the age belongs, even digits, is the decoder's own error.
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
        do {
            age = try container.decode(Int.self, forKey: .age)
        } catch DecodingError.typeMismatch(let type, let context) {
            guard let number = Int(try container.decode(String.self, forKey: .age)) else {
                throw DecodingError.typeMismatch(type, context)
            }
            age = number
        }
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

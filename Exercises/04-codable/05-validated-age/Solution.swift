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
    /// Decodes a person and refuses an age outside 0...99 with a `DecodingError`.
    init(from decoder: any Decoder) throws {
        // TODO: decode every property from a keyed container and validate the age.
        name = ""
        age = 0
        email = nil
    }
}

/// A club's roster: `{"club": "Riverside Runners", "people": [ … ]}`.
struct Roster: Codable, Equatable {
    var club: String
    var people: [Person]
}

/// Keeps the latest imported roster in `Documents/roster.json`.
struct RosterStore {
    /// Decodes `json` as a `Roster` and saves it, replacing the previous one. Data that does
    /// not decode throws the decoder's error and leaves the saved roster as it was.
    func importRoster(from json: Data) throws {
        // TODO
    }

    /// The saved roster, or nil when none was imported.
    func load() -> Roster? {
        nil // TODO
    }
}

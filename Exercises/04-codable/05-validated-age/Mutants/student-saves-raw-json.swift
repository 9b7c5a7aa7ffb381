// Mutant: after validating, the store saves the bytes it was given instead of the decoded roster re-encoded
// Hint: compare the file you save with the roster you decoded when the service sends keys the model does not have.
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
        // Validate first: decoding throws for a bad roster, and then nothing is written.
        _ = try JSONDecoder().decode(Roster.self, from: json)
        let encoded = json

        try FileManager.default.createDirectory(
            at: rosterURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoded.write(to: rosterURL, options: .atomic)
    }

    func load() -> Roster? {
        guard let data = FileManager.default.contents(atPath: rosterURL.path) else { return nil }
        return try? JSONDecoder().decode(Roster.self, from: data)
    }
}

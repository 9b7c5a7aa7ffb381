// Mutant: reads the age with try? inside the same guard as the range check, so text where the age belongs or a missing age is reported as dataCorrupted instead of the decoder's typeMismatch or keyNotFound
// Hint: Text where the age belongs, or no age at all, are the decoder's own errors (`typeMismatch`, `keyNotFound`); only a number outside 0 to 99 is yours to report. Reading the age with `try?` inside your range check turns all of them into `dataCorrupted`.
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
        let values = try decoder.container(keyedBy: CodingKeys.self)
        guard let age = try? values.decode(Int.self, forKey: .age), age >= 0, age <= 99 else {
            throw DecodingError.dataCorruptedError(forKey: .age, in: values,
                                                   debugDescription: "age must be a number from 0 to 99")
        }
        self.age = age
        self.name = try values.decode(String.self, forKey: .name)
        self.email = try values.decodeIfPresent(String.self, forKey: .email)
    }
}

struct Roster: Codable, Equatable {
    var club: String
    var people: [Person]
}

struct RosterStore {
    let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("roster.json")

    func importRoster(from json: Data) throws {
        let roster = try JSONDecoder().decode(Roster.self, from: json)
        let data = try JSONEncoder().encode(roster)
        try data.write(to: url, options: .atomic)
    }

    func load() -> Roster? {
        do {
            let data = try Data(contentsOf: url)
            return try JSONDecoder().decode(Roster.self, from: data)
        } catch {
            return nil
        }
    }
}

// Mutant: builds the dataCorrupted error by hand with codingPath [CodingKeys.age], so the error says "age" but loses where the person is ("people[2].age", "[1].age")
// Hint: An error context you build by hand with only `age` in its path loses where the person is: in a roster, the path must start with `people` and the member's position. Let the container build the error, so that its path is the container's path plus the key.
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
        let email = try container.decodeIfPresent(String.self, forKey: .email)
        if age < 0 || age > 99 {
            let context = DecodingError.Context(codingPath: [CodingKeys.age],
                                                debugDescription: "\(age) is not a valid age")
            throw DecodingError.dataCorrupted(context)
        }
        self.init(name: name, age: age, email: email)
    }
}

struct Roster: Codable, Equatable {
    var club: String
    var people: [Person]
}

struct RosterStore {
    private func fileURL() -> URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        return documents.appendingPathComponent("roster.json")
    }

    func importRoster(from json: Data) throws {
        let decoded = try JSONDecoder().decode(Roster.self, from: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        try encoder.encode(decoded).write(to: fileURL(), options: .atomic)
    }

    func load() -> Roster? {
        guard FileManager.default.fileExists(atPath: fileURL().path),
              let data = try? Data(contentsOf: fileURL()) else { return nil }
        return try? JSONDecoder().decode(Roster.self, from: data)
    }
}

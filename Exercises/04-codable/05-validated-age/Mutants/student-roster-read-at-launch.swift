// Mutant: reads roster.json once, when the store is created at launch, and load() returns that copy, so an import is only seen after the next launch
// Hint: A store that reads the file once, when it is created, does not see an import made later in the same launch. Read the file each time `load()` is called.
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
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        age = try c.decode(Int.self, forKey: .age)
        if !(0...99).contains(age) {
            throw DecodingError.dataCorruptedError(forKey: .age, in: c, debugDescription: "invalid age \(age)")
        }
        email = try c.decodeIfPresent(String.self, forKey: .email)
    }
}

struct Roster: Codable, Equatable {
    var club: String
    var people: [Person]
}

struct RosterStore {
    private let path: URL
    private let saved: Roster?

    init() {
        path = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("roster.json")
        if let data = try? Data(contentsOf: path) {
            saved = try? JSONDecoder().decode(Roster.self, from: data)
        } else {
            saved = nil
        }
    }

    func importRoster(from json: Data) throws {
        let roster = try JSONDecoder().decode(Roster.self, from: json)
        try JSONEncoder().encode(roster).write(to: path, options: .atomic)
    }

    func load() -> Roster? {
        saved
    }
}

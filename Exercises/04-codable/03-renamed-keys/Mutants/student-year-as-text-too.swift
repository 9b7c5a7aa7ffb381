// Mutant: writes init(from:) so that a birth year sent as text ("1916") is converted with Int(_:), to be kind to the catalogue, so the wrong type is never reported as typeMismatch
// Hint: Accepting a year sent as text hides a mistake in the data: the caller expects the decoder's `typeMismatch` at the year's key. Decode each value as its own type, and let that error through.
import Foundation

struct Author: Codable, Equatable {
    var fullName: String
    var birthYear: Int
    var country: String
    var cachedSummary = ""

    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

extension Author {
    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try values.decode(String.self, forKey: .fullName)
        country = try values.decode(String.self, forKey: .country)
        if let year = try? values.decode(Int.self, forKey: .birthYear) {
            birthYear = year
        } else if let text = try? values.decode(String.self, forKey: .birthYear), let year = Int(text) {
            birthYear = year
        } else {
            birthYear = try values.decode(Int.self, forKey: .birthYear)
        }
    }
}

struct AuthorStore {
    private var url: URL {
        var folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        folder.appendPathComponent("authors.json")
        return folder
    }

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(authors).write(to: url, options: [.atomic])
    }

    func load() throws -> [Author] {
        if !FileManager.default.fileExists(atPath: url.path) {
            return []
        }
        let data = try Data(contentsOf: url)
        return try JSONDecoder().decode([Author].self, from: data)
    }
}

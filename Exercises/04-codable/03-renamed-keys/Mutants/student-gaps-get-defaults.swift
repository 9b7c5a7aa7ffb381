// Mutant: decodes every key with decodeIfPresent and a default ("" or 0) so that an incomplete author from the catalogue still loads, so a missing key or a null name is never reported
// Hint: A default for every key makes an author with a missing key or a `null` name load quietly as an empty name or year 0, and the caller never learns that the data was wrong. A required key must be decoded so that its absence throws the decoder's own error.
import Foundation

struct Author: Codable, Equatable {
    var fullName: String
    var birthYear: Int
    var country: String
    var cachedSummary = ""

    private enum CodingKeys: String, CodingKey {
        case fullName = "full_name", birthYear = "birth_year", country
    }

    init(fullName: String, birthYear: Int, country: String, cachedSummary: String = "") {
        self.fullName = fullName
        self.birthYear = birthYear
        self.country = country
        self.cachedSummary = cachedSummary
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decodeIfPresent(String.self, forKey: .fullName) ?? ""
        birthYear = try container.decodeIfPresent(Int.self, forKey: .birthYear) ?? 0
        country = try container.decodeIfPresent(String.self, forKey: .country) ?? ""
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fullName, forKey: .fullName)
        try container.encode(birthYear, forKey: .birthYear)
        try container.encode(country, forKey: .country)
    }
}

struct AuthorStore {
    func save(_ authors: [Author]) throws {
        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(authors).write(to: folder.appendingPathComponent("authors.json"), options: .atomic)
    }

    func load() throws -> [Author] {
        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("authors.json").path) else {
            return []
        }
        return try JSONDecoder().decode([Author].self, from: data)
    }
}

// Mutant: decoding keeps a cachedSummary found in the input instead of resetting it to ""
// Hint: re-read what the statement says decoding must do when the data happens to contain a cache.
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
        case cachedSummary
    }
}

extension Author {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decode(String.self, forKey: .fullName)
        birthYear = try container.decode(Int.self, forKey: .birthYear)
        country = try container.decode(String.self, forKey: .country)
        // If a summary was downloaded already, no need to fetch it again.
        cachedSummary = try container.decodeIfPresent(String.self, forKey: .cachedSummary) ?? ""
    }

    func encode(to encoder: any Encoder) throws {
        // The cache is never written.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fullName, forKey: .fullName)
        try container.encode(birthYear, forKey: .birthYear)
        try container.encode(country, forKey: .country)
    }
}

struct AuthorStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("authors.json")
    }

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(authors).write(to: fileURL, options: .atomic)
    }

    func load() throws -> [Author] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        return try JSONDecoder().decode([Author].self, from: Data(contentsOf: fileURL))
    }
}

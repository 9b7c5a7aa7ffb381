// Mutant: the store converts keys with snake_case strategies instead of the model renaming them
// Hint: try encoding an Author with a plain JSONEncoder, outside your store, and look at the keys.
import Foundation

struct Author: Codable, Equatable {
    var fullName: String
    var birthYear: Int
    var country: String
    var cachedSummary = ""

    // The cache is left out; the snake_case names come from the store's key strategies.
    enum CodingKeys: String, CodingKey {
        case fullName, birthYear, country
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
        encoder.keyEncodingStrategy = .convertToSnakeCase
        try encoder.encode(authors).write(to: fileURL, options: .atomic)
    }

    func load() throws -> [Author] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([Author].self, from: Data(contentsOf: fileURL))
    }
}

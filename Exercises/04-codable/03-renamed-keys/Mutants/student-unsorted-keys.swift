// Mutant: the file is pretty-printed, but its keys come in the order the model encodes them, not sorted
// Hint: Read the statement again on the order of the keys in Documents/authors.json.
import Foundation

struct Author: Codable, Equatable {
    var fullName: String
    var birthYear: Int
    var country: String
    var cachedSummary = ""

    private enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

struct AuthorStore {
    let file = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        .appendingPathComponent("authors.json")

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted   // readable in a text editor
        let data = try encoder.encode(authors)
        try data.write(to: file, options: .atomic)
    }

    func load() throws -> [Author] {
        if !FileManager.default.fileExists(atPath: file.path) {
            return []
        }
        let data = try Data(contentsOf: file)
        return try JSONDecoder().decode([Author].self, from: data)
    }
}

// Mutant: load() returns [] when authors.json exists but is empty (0 bytes), taking an empty file for "nothing saved", instead of throwing the decoder's dataCorrupted error for a file that does not decode (a file holding only spaces or a torn "[" still throws)
// Hint: An empty authors.json is a file that is there: it does not decode, so load() throws.
import Foundation

/// An author in the library app. The catalogue service writes snake_case keys:
///
/// ```json
/// { "full_name": "Carmen Laforet", "birth_year": 1921, "country": "Spain" }
/// ```
struct Author: Codable, Equatable {
    var fullName: String
    var birthYear: Int
    var country: String
    /// The encyclopedia summary, downloaded when the author is first shown: never saved.
    var cachedSummary = ""

    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

/// Keeps the authors in Documents/authors.json.
struct AuthorStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("authors.json")
    }

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(authors)
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }

    /// The saved authors; [] when nothing was saved.
    func load() throws -> [Author] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data = try Data(contentsOf: fileURL)
        // An empty file holds no authors yet.
        guard !data.isEmpty else { return [] }
        return try JSONDecoder().decode([Author].self, from: data)
    }
}

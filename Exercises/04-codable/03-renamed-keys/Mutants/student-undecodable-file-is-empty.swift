// Mutant: load() uses try? and returns [] when authors.json is there but does not decode
// Hint: What does the statement say load() does with a file that is there but does not decode?
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

    /// The catalogue's keys. `cachedSummary` has no case, so it is neither encoded nor decoded.
    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

/// Keeps the authors in Documents/authors.json.
struct AuthorStore {
    init() {}

    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("authors.json")
    }

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(authors)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }

    /// The saved authors; [] when nothing was saved.
    func load() throws -> [Author] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data = try Data(contentsOf: fileURL)
        return (try? JSONDecoder().decode([Author].self, from: data)) ?? []
    }
}

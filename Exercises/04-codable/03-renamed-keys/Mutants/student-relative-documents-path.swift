// Mutant: the store's file is URL(fileURLWithPath: "Documents/authors.json"), a path relative to the process's current directory, not the Documents folder of the app's container (FileManager's .documentDirectory), so the list is written to (and read from) a Documents folder under wherever the app happens to run, or cannot be written at all, and the container's Documents/authors.json never exists
// Hint: A path written as text is relative to the process's current directory, which on iOS is not the app's container: ask FileManager for the Documents folder.
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

    /// The catalogue's keys. `cachedSummary` has no case, so the synthesized code neither
    /// writes nor reads it, and decoding leaves it at its default, "".
    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

/// Keeps the authors in Documents/authors.json.
struct AuthorStore {
    private var fileURL: URL {
        URL(fileURLWithPath: "Documents/authors.json")
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
        guard FileManager.default.fileExists(atPath: fileURL.path) else {
            return []
        }
        // A file that is there but does not decode throws the decoder's error.
        return try JSONDecoder().decode([Author].self, from: Data(contentsOf: fileURL))
    }
}

// Mutant: save(_:) also keeps the list it wrote, and load() returns that list without reading Documents/authors.json, so a file another program writes after the save (another list, or bytes that do not decode) is never seen in that launch
// Hint: Keep nothing in memory: the file is the only truth, and something other than your save may have changed it.
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

    /// The catalogue's keys. `cachedSummary` has no case: it is neither encoded nor decoded.
    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

/// Keeps the authors in Documents/authors.json.
struct AuthorStore {
    /// What this launch saved last: loads in the same launch need not read the file again.
    private final class LastSaved {
        var authors: [Author]?
    }

    private let lastSaved = LastSaved()

    private func fileURL() -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("authors.json", isDirectory: false)
    }

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = try encoder.encode(authors)
        let url = fileURL()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try bytes.write(to: url, options: [.atomic])
        lastSaved.authors = try JSONDecoder().decode([Author].self, from: bytes)
    }

    /// The saved authors; [] when nothing was saved.
    func load() throws -> [Author] {
        if let authors = lastSaved.authors { return authors }
        let url = fileURL()
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        }
        return try JSONDecoder().decode([Author].self, from: bytes)
    }
}

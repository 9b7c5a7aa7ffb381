// Mutant: Author's own init(from:) reads birth_year as a Double and keeps its whole part with Int(_:), so a year with a fraction, "birth_year": 1921.5 (or 1921.9), decodes as 1921 instead of being refused by the decoder (on Linux a top-level dataCorrupted), and a year beyond 2^53 loses its last digits: 9007199254740993 comes back as 9007199254740992 from the catalogue and from authors.json after a save, and a number too large for Int (1e20) traps instead of throwing
// Hint: birthYear is an Int: let the decoder refuse a year that is not a whole number rather than reading a Double and cutting it.
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

extension Author {
    /// Same keys as the synthesized code, but some catalogue exports write years as numbers
    /// with a fraction part (1921.0), so the year is read as any number and its whole part kept.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decode(String.self, forKey: .fullName)
        birthYear = Int(try container.decode(Double.self, forKey: .birthYear))
        country = try container.decode(String.self, forKey: .country)
        cachedSummary = ""
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
        // Written to a temporary file and renamed over the old one: the old list or the new.
        try data.write(to: fileURL, options: .atomic)
    }

    /// The saved authors; [] when nothing was saved.
    func load() throws -> [Author] {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return []
        }
        // A file that is there but does not decode throws the decoder's error.
        return try JSONDecoder().decode([Author].self, from: data)
    }
}

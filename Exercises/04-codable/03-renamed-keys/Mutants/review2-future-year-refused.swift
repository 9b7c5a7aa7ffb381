// Mutant: Author's own init(from:) refuses a birth year after the current year as dataCorrupted, so an author saved with such a year cannot be loaded back
// Hint: The statement asks for no check of the year's value: any Int is a birth year the file must give back.
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
    /// The encyclopedia summary, downloaded when the author is first shown. A cache: it can
    /// be downloaded again, so it is never encoded, and decoding leaves it at its default.
    var cachedSummary = ""

    /// Replaces the synthesized key list: the raw values are the keys in the data, and
    /// `cachedSummary`, having no case, is skipped both ways. (It needs its default value,
    /// or the compiler could not synthesize `init(from:)`.)
    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

extension Author {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decode(String.self, forKey: .fullName)
        birthYear = try container.decode(Int.self, forKey: .birthYear)
        guard birthYear <= Calendar.current.component(.year, from: Date()) else {
            throw DecodingError.dataCorruptedError(forKey: .birthYear, in: container, debugDescription: "born in the future")
        }
        country = try container.decode(String.self, forKey: .country)
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
        // Sorted keys: the same list always gives the same file. No key strategy: the
        // CodingKeys already spell the keys as the catalogue does.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(authors).write(to: fileURL, options: .atomic)
    }

    func load() throws -> [Author] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        return try JSONDecoder().decode([Author].self, from: Data(contentsOf: fileURL))
    }
}

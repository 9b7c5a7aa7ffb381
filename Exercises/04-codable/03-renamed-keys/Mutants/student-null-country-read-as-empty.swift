// Mutant: Author's own init(from:) reads `"country": null` as the empty country "" (a missing key still throws keyNotFound), so an author whose country is null decodes, and is saved and loaded back, with country "" instead of failing with the decoder's valueNotFound at [n].country
// Hint: A null country is no String: let the decoder's valueNotFound through.
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

    /// The catalogue's keys. `cachedSummary` has no case: it is neither encoded nor decoded,
    /// and keeps its default value when an author is decoded.
    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

extension Author {
    /// The catalogue sends `"country": null` when it does not know the country: read it as
    /// an empty country rather than refuse the whole list.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decode(String.self, forKey: .fullName)
        birthYear = try container.decode(Int.self, forKey: .birthYear)
        if try container.decodeNil(forKey: .country) {
            country = ""
        } else {
            country = try container.decode(String.self, forKey: .country)
        }
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
        let bytes = try encoder.encode(authors)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try bytes.write(to: fileURL, options: .atomic)
    }

    /// The saved authors; [] when nothing was saved.
    func load() throws -> [Author] {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: fileURL)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        }
        return try JSONDecoder().decode([Author].self, from: bytes)
    }
}

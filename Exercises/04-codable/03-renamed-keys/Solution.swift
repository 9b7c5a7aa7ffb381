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

    // TODO: map the properties to the catalogue's keys, and leave the cache out.
}

/// Keeps the authors in Documents/authors.json.
struct AuthorStore {
    func save(_ authors: [Author]) throws {
        // TODO: encode the list as JSON with sorted keys and write it to Documents/authors.json.
    }

    /// The saved authors; [] when nothing was saved.
    func load() throws -> [Author] {
        [] // TODO
    }
}

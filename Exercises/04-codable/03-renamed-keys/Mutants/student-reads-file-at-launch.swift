// Mutant: reads authors.json once when the store is created and answers load() from that copy, so a save is only seen after the next launch
// Hint: A store that reads the file once, when it is created, does not see a save made later in the same launch. Read the file each time `load()` is called, so that it returns what the last save wrote.
import Foundation

struct Author: Codable, Equatable {
    var fullName: String
    var birthYear: Int
    var country: String
    var cachedSummary = ""

    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country = "country"
    }
}

struct AuthorStore {
    let file: URL
    let authorsAtLaunch: [Author]

    init() {
        let docs = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        file = docs.appendingPathComponent("authors.json")
        // Read the list once, when the app starts.
        if let data = try? Data(contentsOf: file),
           let authors = try? JSONDecoder().decode([Author].self, from: data) {
            authorsAtLaunch = authors
        } else {
            authorsAtLaunch = []
        }
    }

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(authors)
        try data.write(to: file, options: .atomic)
    }

    func load() throws -> [Author] {
        return authorsAtLaunch
    }
}

// Mutant: save truncates authors.json and rewrites it in place instead of replacing it in one step
// Hint: picture the app being killed between emptying the old file and finishing the new content.
import Foundation

struct Author: Codable, Equatable {
    var fullName: String
    var birthYear: Int
    var country: String
    var cachedSummary = ""

    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case birthYear = "birth_year"
        case country
    }
}

struct AuthorStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("authors.json")
    }

    func save(_ authors: [Author]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(authors)
        // Overwrite the previous list.
        let handle: FileHandle
        if FileManager.default.fileExists(atPath: fileURL.path) {
            handle = try FileHandle(forWritingTo: fileURL)
            try handle.truncate(atOffset: 0)
        } else {
            FileManager.default.createFile(atPath: fileURL.path, contents: nil)
            handle = try FileHandle(forWritingTo: fileURL)
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
    }

    func load() throws -> [Author] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        return try JSONDecoder().decode([Author].self, from: Data(contentsOf: fileURL))
    }
}

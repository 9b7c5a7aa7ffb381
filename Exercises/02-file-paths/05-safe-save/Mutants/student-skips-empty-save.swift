// Mutant: returns early when asked to save empty data, because the student sees nothing to write, so clearing the document keeps the old drawing
// Hint: Empty data is a document too: saving it replaces the old drawing with an empty file. Check what your save does when the data is empty.
import Foundation

struct DocumentStore {
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appending(path: fileName)
    }

    func save(_ data: Data) throws {
        if data.isEmpty { return }
        try data.write(to: url, options: .atomic)
    }

    func load() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }
}

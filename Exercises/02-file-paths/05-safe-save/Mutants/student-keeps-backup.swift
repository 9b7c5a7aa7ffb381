// Mutant: every save first keeps the previous version as `<name>.bak` next to the document
// Hint: List Documents after a second save and compare it with what the statement allows there.
import Foundation

struct DocumentStore {
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    var url: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appending(path: fileName)
    }

    func save(_ data: Data) throws {
        let fileManager = FileManager.default
        // Keep the last good version around, in case the user wants it back.
        let backup = url.appendingPathExtension("bak")
        if fileManager.fileExists(atPath: url.path) {
            try? fileManager.removeItem(at: backup)
            try fileManager.copyItem(at: url, to: backup)
        }
        try data.write(to: url, options: .atomic)
    }

    func load() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }
}

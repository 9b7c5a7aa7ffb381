// Mutant: the new version is written aside, but the old document is removed before the new one is moved in, leaving a moment with no document
// Hint: Stop the app right between the two file operations at the end of your save: what does the next launch load?
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
        let temporary = url.deletingLastPathComponent().appending(path: "." + fileName + ".tmp")
        try? FileManager.default.removeItem(at: temporary)
        try data.write(to: temporary)
        // moveItem refuses to replace a file, so clear the way first.
        if FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
        try FileManager.default.moveItem(at: temporary, to: url)
    }

    func load() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }
}

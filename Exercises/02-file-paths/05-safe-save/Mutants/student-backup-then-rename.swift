// Mutant: saves through a backup, with two renames in a row: a crash between them leaves no document at all
// Hint: Moving the old document aside and then moving the new one in takes two steps, and a kill between them leaves no document at all. Check that the new version replaces the old one in a single rename.
import Foundation

struct DocumentStore {
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: fileName)
    }

    func save(_ data: Data) throws {
        let manager = FileManager.default
        let fresh = url.appendingPathExtension("new")
        let backup = url.appendingPathExtension("old")
        try data.write(to: fresh)
        try? manager.removeItem(at: backup)
        if manager.fileExists(atPath: url.path) {
            try manager.moveItem(at: url, to: backup)
        }
        try manager.moveItem(at: fresh, to: url)
        try? manager.removeItem(at: backup)
    }

    func load() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }
}

// Mutant: writes with the .withoutOverwriting option, because the student takes it for the option that protects the old document, so every save after the first one throws
// Hint: `.withoutOverwriting` makes a write throw whenever the file already exists, so every save after the first fails, and it protects nothing while a save runs. Check which write option writes the new version aside and renames it into place.
import Foundation

struct DocumentStore {
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    var url: URL {
        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return folder.appending(path: fileName)
    }

    func save(_ data: Data) throws {
        try data.write(to: url, options: .withoutOverwriting)
    }

    func load() throws -> Data? {
        if !FileManager.default.fileExists(atPath: url.path) {
            return nil
        }
        return try Data(contentsOf: url)
    }
}

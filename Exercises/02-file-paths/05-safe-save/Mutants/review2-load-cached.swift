// Mutant: load() keeps the first document it read in memory and returns it at every later call of the launch, to spare reading a few megabytes again, so a load after a save in the same launch returns the old document
// Hint: A load after a save must return what was saved: check what a copy kept in memory returns once the file has changed.
import Foundation

/// Saves one document in Documents so that a crash in the middle of a save never leaves a
/// torn file: the file on disk is always a whole old version or a whole new one.
struct DocumentStore {
    /// The document's file name in Documents, such as "drawing.sketch".
    let fileName: String
    nonisolated(unsafe) private static var cached: Data?

    init(fileName: String) {
        self.fileName = fileName
    }

    /// Documents/<fileName>.
    var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: fileName)
    }

    /// Replaces the document with `data`, all at once.
    func save(_ data: Data) throws {
        // `.atomic` writes the bytes to a temporary file next to the document, then renames
        // it over the document. The rename is a single step: until it happens the old
        // document is untouched, and after it the new one is complete. A crash before the
        // rename leaves the old version; nothing ever sees half a file.
        try data.write(to: url, options: .atomic)
    }

    /// The saved document, or nil when nothing was saved yet.
    func load() throws -> Data? {
        if let cached = Self.cached { return cached }
        do {
            let data = try Data(contentsOf: url)
            Self.cached = data
            return data
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        }
    }
}

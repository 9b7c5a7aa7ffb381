// Mutant: save(_:) skips the write when the document on disk already has as many bytes as the new data, taking the same size for an unchanged drawing to spare the disk a rewrite, so a drawing edited without changing its size is never saved
// Hint: Every save replaces the document with the bytes it is given: a new version may have exactly the old one's size.
import Foundation

/// Saves one document in Documents so that a crash in the middle of a save never leaves a
/// torn file: the file on disk is always a whole old version or a whole new one.
struct DocumentStore {
    /// The document's file name in Documents, such as "drawing.sketch".
    let fileName: String

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
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
           size == data.count {
            return
        }
        // `.atomic` writes the bytes to a temporary file next to the document, then renames
        // it over the document. The rename is a single step: until it happens the old
        // document is untouched, and after it the new one is complete. A crash before the
        // rename leaves the old version; nothing ever sees half a file.
        try data.write(to: url, options: .atomic)
    }

    /// The saved document, or nil when nothing was saved yet.
    func load() throws -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        }
    }
}

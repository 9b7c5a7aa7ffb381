// Mutant: save(_:) writes a temporary file next to the document and swaps it in with FileManager.replaceItemAt, which on Linux's Foundation deletes the document and then throws
// Hint: The statement names one tool that looks safe and is not on Linux: the last step must be a plain rename over the document.
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
        // `.atomic` writes the bytes to a temporary file next to the document, then renames
        // it over the document. The rename is a single step: until it happens the old
        // document is untouched, and after it the new one is complete. A crash before the
        // rename leaves the old version; nothing ever sees half a file.
        let temporary = url.deletingLastPathComponent().appending(path: fileName + ".tmp")
        try data.write(to: temporary)
        if FileManager.default.fileExists(atPath: url.path) {
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
        } else {
            try FileManager.default.moveItem(at: temporary, to: url)
        }
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

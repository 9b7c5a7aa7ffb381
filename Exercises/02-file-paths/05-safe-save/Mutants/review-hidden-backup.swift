// Mutant: every save first copies the previous version to a hidden file, .drawing.sketch.bak, because the student thinks a hidden file does not count as something left in Documents
// Hint: Nothing else means nothing else: a file whose name starts with a dot is still a file in Documents.
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
        let backup = url.deletingLastPathComponent().appending(path: "." + fileName + ".bak")
        if FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.removeItem(at: backup)
            try FileManager.default.copyItem(at: url, to: backup)
        }
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

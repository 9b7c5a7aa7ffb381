// Mutant: save(_:) handles empty data apart ("nothing to write, so nothing can be torn"): it removes the document and then creates an empty file in its place with FileManager.createFile, so between the removal and the creation there is no document at all, and a crash there leaves load() returning nil instead of the old document or the new empty one
// Hint: An empty document is saved like any other: through a temporary file renamed over the document, never by removing it first.
import Foundation

/// Saves one document in Documents so that a crash in the middle of a save never leaves a
/// torn file: the file on disk is always a whole old version or a whole new one.
struct DocumentStore {
    /// The document's file name in Documents, such as "drawing.sketch".
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    private var fileManager: FileManager { .default }

    /// Documents/<fileName>.
    var url: URL {
        fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0].appending(path: fileName)
    }

    /// Where a save writes the new version before it replaces the document: a hidden file
    /// in the same folder (a rename is atomic only within one volume). Its name is fixed, so a
    /// scratch file left by a crash is simply overwritten, and renamed away, by the next save.
    private var scratchURL: URL {
        url.deletingLastPathComponent().appending(path: "." + fileName + ".saving")
    }

    /// Replaces the document with `data`, all at once.
    func save(_ data: Data) throws {
        let target = url
        let scratch = scratchURL
        if data.isEmpty {
            // Nothing to write, so nothing can be torn: just put an empty file in its place.
            if fileManager.fileExists(atPath: target.path) {
                try fileManager.removeItem(at: target)
            }
            guard fileManager.createFile(atPath: target.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            return
        }
        // 1. The whole new version goes into the scratch file (created, or emptied and refilled).
        //    A crash here leaves the document untouched.
        try data.write(to: scratch)
        // 2. One rename puts it in the document's place: before it, the old version is there;
        //    after it, the new one. There is never a moment without a document.
        guard rename(scratch.path, target.path) == 0 else {
            let failure = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? fileManager.removeItem(at: scratch)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(failure)])
        }
    }

    /// The saved document, or nil when nothing was saved yet. An empty document is empty data.
    func load() throws -> Data? {
        let target = url
        guard fileManager.fileExists(atPath: target.path) else {
            return nil
        }
        return try Data(contentsOf: target)
    }
}

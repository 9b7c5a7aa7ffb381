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
        // TODO
        URL(filePath: "/")
    }

    /// Replaces the document with `data`, all at once.
    func save(_ data: Data) throws {
        // TODO: never write over the only good copy.
    }

    /// The saved document, or nil when nothing was saved yet.
    func load() throws -> Data? {
        // TODO
        nil
    }
}

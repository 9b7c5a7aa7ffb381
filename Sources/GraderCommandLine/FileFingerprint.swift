import Foundation
import GraderCore

/// What a set of files holds at one moment: each one's size, modification time and a hash of its
/// bytes (a missing file has none). Two fingerprints differ when any file was written, replaced,
/// created or removed, even within the file system's time resolution.
package struct FileFingerprint: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        var size: Int
        var modified: Date?
        var hash: String
    }

    /// By path, nil for a file that cannot be read.
    package let entries: [String: Entry?]

    package init(files: [URL]) {
        var entries: [String: Entry?] = [:]
        for file in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                entries[file.path] = .some(nil)
                continue
            }
            entries[file.path] = Entry(size: data.count, modified: attributes?[.modificationDate] as? Date,
                                       hash: ContentHash.hex(of: data))
        }
        self.entries = entries
    }

    /// Each file's content hash by path (nil for a file that cannot be read): equal when the files
    /// hold the same bytes, whatever their times.
    package var contents: [String: String?] {
        entries.mapValues { $0?.hash }
    }
}

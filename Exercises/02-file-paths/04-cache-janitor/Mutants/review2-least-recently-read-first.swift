// Mutant: files() orders the cache by each file's last access date instead of its modification date, as a "least recently used" cache would, so a file the app read recently is kept and an older-written one that was never read goes first
// Hint: The janitor deletes the least recently written files: order by the date a file was last modified, not the date it was last read.
import Foundation

/// One file of the cache, as the janitor sees it.
struct CachedFile: Equatable {
    var name: String
    var size: Int
    var modified: Date
}

/// Keeps Library/Caches within a byte budget by deleting the least recently written files.
///
/// The janitor keeps nothing in memory: every call lists the folder again, so what it reports
/// is what is on disk, whatever earlier launches did.
struct CacheJanitor {
    private let fileManager = FileManager.default

    /// Library/Caches.
    var folder: URL {
        fileManager.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    /// The properties each listing fetches, in the same pass as the names.
    private static let keys: Set<URLResourceKey> = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey, .contentAccessDateKey]

    /// The regular files directly in Caches, hidden ones included, oldest first; files with
    /// the same date are sorted by name. Folders are left out.
    func files() throws -> [CachedFile] {
        let urls = try fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: Array(Self.keys))
        var files: [CachedFile] = []
        var used: [String: Date] = [:]
        for url in urls {
            let values = try url.resourceValues(forKeys: Self.keys)
            // A folder is not a cache entry: its size is not its content's, and removing
            // it would remove everything inside.
            guard values.isRegularFile == true else { continue }
            used[url.lastPathComponent] = values.contentAccessDate ?? .distantPast
            files.append(CachedFile(name: url.lastPathComponent,
                                    size: values.fileSize ?? 0,
                                    modified: values.contentModificationDate ?? .distantPast))
        }
        // The name breaks ties, so the order never depends on the listing's.
        return files.sorted { (used[$0.name]!, $0.name) < (used[$1.name]!, $1.name) }
    }

    /// The total size of `files()`, in bytes.
    func totalSize() throws -> Int {
        try files().reduce(0) { $0 + $1.size }
    }

    /// Deletes the oldest files until the total is at most `budget` bytes.
    /// Returns the names it deleted, in the order it deleted them.
    func trim(toBudget budget: Int) throws -> [String] {
        let files = try files()
        var total = files.reduce(0) { $0 + $1.size }
        var deleted: [String] = []
        for file in files where total > budget {
            try fileManager.removeItem(at: folder.appending(path: file.name))
            total -= file.size
            deleted.append(file.name)
        }
        return deleted
    }
}

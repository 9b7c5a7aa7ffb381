// Mutant: trim(toBudget:) adds the names it deletes to a list kept for the whole launch and returns that list, so a second trim in the same launch also returns the names the first one deleted
// Hint: Each trim returns only the names that call deleted: nothing is kept in memory between calls.
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
    nonisolated(unsafe) private static var deletedThisLaunch: [String] = []

    /// Library/Caches.
    var folder: URL {
        fileManager.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    /// The properties each listing fetches, in the same pass as the names.
    private static let keys: Set<URLResourceKey> = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]

    /// The regular files directly in Caches, hidden ones included, oldest first; files with
    /// the same date are sorted by name. Folders are left out.
    func files() throws -> [CachedFile] {
        let urls = try fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: Array(Self.keys))
        var files: [CachedFile] = []
        for url in urls {
            let values = try url.resourceValues(forKeys: Self.keys)
            // A folder is not a cache entry: its size is not its content's, and removing
            // it would remove everything inside.
            guard values.isRegularFile == true else { continue }
            files.append(CachedFile(name: url.lastPathComponent,
                                    size: values.fileSize ?? 0,
                                    modified: values.contentModificationDate ?? .distantPast))
        }
        // The name breaks ties, so the order never depends on the listing's.
        return files.sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
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
        var deleted = Self.deletedThisLaunch
        for file in files where total > budget {
            try fileManager.removeItem(at: folder.appending(path: file.name))
            total -= file.size
            deleted.append(file.name)
        }
        Self.deletedThisLaunch = deleted
        return deleted
    }
}

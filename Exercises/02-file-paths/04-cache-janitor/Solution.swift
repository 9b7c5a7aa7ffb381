import Foundation

/// One file of the cache, as the janitor sees it.
struct CachedFile: Equatable {
    var name: String
    var size: Int
    var modified: Date
}

/// Keeps Library/Caches within a byte budget by deleting the least recently written files.
struct CacheJanitor {
    /// Library/Caches.
    var folder: URL {
        // TODO
        URL(filePath: "/")
    }

    /// The regular files directly in Caches, hidden ones included, oldest first; files with
    /// the same date are sorted by name. Folders are left out.
    func files() throws -> [CachedFile] {
        // TODO: list the folder with the size and modification date of each item.
        []
    }

    /// The total size of `files()`, in bytes.
    func totalSize() throws -> Int {
        // TODO
        0
    }

    /// Deletes the oldest files until the total is at most `budget` bytes.
    /// Returns the names it deleted, in the order it deleted them.
    func trim(toBudget budget: Int) throws -> [String] {
        // TODO
        []
    }
}

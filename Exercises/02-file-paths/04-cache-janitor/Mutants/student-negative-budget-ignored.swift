// Mutant: trim(toBudget:) treats a negative budget as a mistake by the caller and deletes nothing ("a budget below zero makes no sense"), so trim(toBudget: -1) keeps every file and returns [] although the total (at least 0) is never at most -1
// Hint: Delete until the total is at most the budget: with a budget below zero, that is every file.
import Foundation

/// One file of the cache, as the janitor sees it.
struct CachedFile: Equatable {
    var name: String
    var size: Int
    var modified: Date
}

/// Keeps Library/Caches within a byte budget by deleting the least recently written files.
struct CacheJanitor {
    private var fileManager: FileManager { .default }

    /// Library/Caches.
    var folder: URL {
        fileManager.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    /// The regular files directly in Caches, hidden ones included, oldest first; files with
    /// the same date are sorted by name. Folders are left out.
    func files() throws -> [CachedFile] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        let cache = folder
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: cache.path, isDirectory: &isFolder), isFolder.boolValue else {
            return []                                      // no cache folder: nothing cached
        }
        // No options: hidden files are listed too; subfolders are not entered.
        let items = try fileManager.contentsOfDirectory(at: cache, includingPropertiesForKeys: keys, options: [])
        var found: [CachedFile] = []
        for item in items {
            let values = try item.resourceValues(forKeys: Set(keys))
            guard values.isRegularFile == true else { continue }      // folders are not entries
            found.append(CachedFile(name: item.lastPathComponent,
                                    size: values.fileSize ?? 0,
                                    modified: values.contentModificationDate ?? .distantPast))
        }
        return found.sorted { first, second in
            if first.modified != second.modified {
                return first.modified < second.modified
            }
            return first.name < second.name
        }
    }

    /// The total size of `files()`, in bytes.
    func totalSize() throws -> Int {
        try files().reduce(0) { $0 + $1.size }
    }

    /// Deletes the oldest files until the total is at most `budget` bytes.
    /// Returns the names it deleted, in the order it deleted them.
    func trim(toBudget budget: Int) throws -> [String] {
        guard budget >= 0 else { return [] }              // no such thing as a negative budget
        let list = try files()
        var remaining = list.reduce(0) { $0 + $1.size }
        var deleted: [String] = []
        for file in list {
            if remaining <= budget { break }
            try fileManager.removeItem(at: folder.appending(path: file.name))
            remaining -= file.size
            deleted.append(file.name)
        }
        return deleted
    }
}

// Mutant: files() reads each file's attributes with `attributesOfItem(atPath: url.path())`, the newer spelling of `path`, which keeps the percent encoding, so for a name with a space, an accent or a "%" ("my thumb.png", "café.jpg") it asks for "my%20thumb.png", a file that does not exist, and files(), totalSize() and trim(toBudget:) all throw as soon as the cache holds such a file
// Hint: A URL's path can come back with its percent encoding kept, which names another file when the name holds a space, an accent or a percent sign.
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
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }


    func files() throws -> [CachedFile] {
        let fileManager = FileManager.default
        var result: [CachedFile] = []
        for url in try fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            let attributes = try fileManager.attributesOfItem(atPath: url.path())
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            result.append(CachedFile(name: url.lastPathComponent,
                                     size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                                     modified: attributes[.modificationDate] as? Date ?? .distantPast))
        }
        return result.sorted { a, b in
            a.modified != b.modified ? a.modified < b.modified : a.name < b.name
        }
    }

    /// The total size of `files()`, in bytes.
    func totalSize() throws -> Int {
        try files().reduce(0) { $0 + $1.size }
    }

    /// Deletes the oldest files until the total is at most `budget` bytes.
    /// Returns the names it deleted, in the order it deleted them.
    func trim(toBudget budget: Int) throws -> [String] {
        var total = try totalSize()
        var deleted: [String] = []
        for file in try files() where total > budget {
            try FileManager.default.removeItem(at: folder.appending(path: file.name))
            total -= file.size
            deleted.append(file.name)
        }
        return deleted
    }
}


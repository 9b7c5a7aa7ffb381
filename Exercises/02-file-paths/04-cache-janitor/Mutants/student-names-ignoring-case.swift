// Mutant: files of the same date are ordered by their lowercased names, so a.txt comes before B.txt
// Hint: How does the statement say names compare: case counting or ignoring case?
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

    private func isRegularFile(_ attributes: [FileAttributeKey: Any]) -> Bool {
        if let type = attributes[.type] as? FileAttributeType {
            return type == .typeRegular
        }
        if let raw = attributes[.type] as? String {
            return raw == FileAttributeType.typeRegular.rawValue
        }
        return false
    }

    /// The regular files directly in Caches, hidden ones included, oldest first; files with
    /// the same date are sorted by name. Folders are left out.
    func files() throws -> [CachedFile] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory),
              isDirectory.boolValue else {
            return []
        }
        var result: [CachedFile] = []
        for name in try fileManager.contentsOfDirectory(atPath: folder.path) {
            let path = folder.appendingPathComponent(name).path
            let attributes = try fileManager.attributesOfItem(atPath: path)
            guard isRegularFile(attributes) else {
                continue   // folders, links and the like are not cache entries
            }
            let size = attributes[.size] as? Int
                ?? (attributes[.size] as? UInt64).map { Int($0) }
                ?? (attributes[.size] as? NSNumber)?.intValue
                ?? 0
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            result.append(CachedFile(name: name, size: size, modified: modified))
        }
        result.sort { lhs, rhs in
            if lhs.modified != rhs.modified {
                return lhs.modified < rhs.modified
            }
            return lhs.name.lowercased() < rhs.name.lowercased()
        }
        return result
    }

    /// The total size of `files()`, in bytes.
    func totalSize() throws -> Int {
        try files().reduce(0) { $0 + $1.size }
    }

    /// Deletes the oldest files until the total is at most `budget` bytes.
    /// Returns the names it deleted, in the order it deleted them.
    func trim(toBudget budget: Int) throws -> [String] {
        let list = try files()
        var total = list.reduce(0) { $0 + $1.size }
        var deleted: [String] = []
        for file in list {
            if total <= budget { break }
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file.name))
            total -= file.size
            deleted.append(file.name)
        }
        return deleted
    }
}

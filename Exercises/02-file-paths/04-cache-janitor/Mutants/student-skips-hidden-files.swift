// Mutant: the listing skips hidden files, so `.something` in Caches is never counted nor trimmed
// Hint: Look at the options you pass when listing the folder, and at which names the statement says must count.
import Foundation

struct CachedFile: Equatable {
    var name: String
    var size: Int
    var modified: Date
}

struct CacheJanitor {
    var folder: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    func files() throws -> [CachedFile] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        let urls = try FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: keys, options: .skipsHiddenFiles)
        var result: [CachedFile] = []
        for url in urls {
            let values = try url.resourceValues(forKeys: Set(keys))
            guard values.isRegularFile == true else { continue }
            result.append(CachedFile(name: url.lastPathComponent,
                                     size: values.fileSize ?? 0,
                                     modified: values.contentModificationDate ?? .distantPast))
        }
        result.sort { a, b in
            a.modified != b.modified ? a.modified < b.modified : a.name < b.name
        }
        return result
    }

    func totalSize() throws -> Int {
        try files().reduce(0) { $0 + $1.size }
    }

    func trim(toBudget budget: Int) throws -> [String] {
        var total = try totalSize()
        var deleted: [String] = []
        for file in try files() {
            if total <= budget { break }
            try FileManager.default.removeItem(at: folder.appending(path: file.name))
            total -= file.size
            deleted.append(file.name)
        }
        return deleted
    }
}

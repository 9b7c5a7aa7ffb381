// Mutant: walks Caches with FileManager's enumerator, which also descends into subfolders, because the student uses the first listing API they find, so files inside folders are listed and trimmed too
// Hint: An enumerator walks the whole tree, subfolders included, while the janitor looks only at the files directly in Caches. Check that your listing does not go into subfolders.
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
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else { return [] }
        var result: [CachedFile] = []
        let base = folder.standardizedFileURL.path + "/"
        for case let url as URL in walker {
            let values = try url.resourceValues(forKeys: Set(keys))
            if values.isRegularFile != true { continue }
            var name = url.standardizedFileURL.path
            if name.hasPrefix(base) { name.removeFirst(base.count) }
            result.append(CachedFile(name: name, size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast))
        }
        return result.sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
    }

    func totalSize() throws -> Int {
        try files().map(\.size).reduce(0, +)
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

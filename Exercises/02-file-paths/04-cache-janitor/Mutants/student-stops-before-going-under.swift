// Mutant: stops trimming before a deletion would take the total under the budget, because the student tries not to delete more than needed, so the cache is often left over its budget
// Hint: A trim must bring the total down to the budget or below, even when the last file it deletes takes it well under. Check what your loop does when the next file is bigger than the excess.
import Foundation

struct CachedFile: Equatable {
    var name: String
    var size: Int
    var modified: Date
}

struct CacheJanitor {
    let manager = FileManager.default

    var folder: URL {
        manager.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    func files() throws -> [CachedFile] {
        let wanted: Set<URLResourceKey> = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        let urls = try manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: Array(wanted))
        let list = try urls.compactMap { url -> CachedFile? in
            let values = try url.resourceValues(forKeys: wanted)
            guard values.isRegularFile == true else { return nil }
            return CachedFile(name: url.lastPathComponent, size: values.fileSize ?? 0,
                              modified: values.contentModificationDate ?? .distantPast)
        }
        return list.sorted { lhs, rhs in
            if lhs.modified != rhs.modified { return lhs.modified < rhs.modified }
            return lhs.name < rhs.name
        }
    }

    func totalSize() throws -> Int {
        try files().reduce(0) { $0 + $1.size }
    }

    func trim(toBudget budget: Int) throws -> [String] {
        var total = try totalSize()
        var gone: [String] = []
        for file in try files() {
            guard total > budget else { break }
            if total - file.size < budget { break }
            try manager.removeItem(at: folder.appending(path: file.name))
            total -= file.size
            gone.append(file.name)
        }
        return gone
    }
}

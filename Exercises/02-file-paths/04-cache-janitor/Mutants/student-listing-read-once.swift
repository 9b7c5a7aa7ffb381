// Mutant: lists Caches once per launch and keeps that listing, dropping only what its own trim deletes, because the student thinks listing a folder is expensive, so files added later in the launch are never seen
// Hint: Other parts of the app write new files into Caches while it runs, so a listing kept from earlier in the launch misses them. Check that every call lists the folder again.
import Foundation

struct CachedFile: Equatable {
    var name: String
    var size: Int
    var modified: Date
}

final class Listing {
    nonisolated(unsafe) static var files: [CachedFile]?
}

struct CacheJanitor {
    var folder: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    func files() throws -> [CachedFile] {
        if let known = Listing.files { return known }
        var found: [CachedFile] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let date = attributes[.modificationDate] as? Date ?? Date.distantPast
            found.append(CachedFile(name: name, size: size, modified: date))
        }
        found.sort { $0.modified == $1.modified ? $0.name < $1.name : $0.modified < $1.modified }
        Listing.files = found
        return found
    }

    func totalSize() throws -> Int {
        var sum = 0
        for file in try files() { sum += file.size }
        return sum
    }

    func trim(toBudget budget: Int) throws -> [String] {
        var remaining = try files()
        var total = try totalSize()
        var removed: [String] = []
        while total > budget, let oldest = remaining.first {
            try FileManager.default.removeItem(at: folder.appending(path: oldest.name))
            remaining.removeFirst()
            total -= oldest.size
            removed.append(oldest.name)
        }
        Listing.files = remaining
        return removed
    }
}

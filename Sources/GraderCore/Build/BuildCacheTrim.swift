import Foundation

/// Keeps the build cache (`.grader/builds/`) within a size.
///
/// Every edit a learner checks, every submission a batch grades and every mutant `verify` builds
/// is a build of one or two megabytes, kept so that the same files are never built twice. Kept
/// without a bound, a term of checks or a few batches of a class fill gigabytes.
///
/// A trim removes the least recently used builds until the cache is within ``limit``, except
/// those this process has used (a batch or a watch may launch them again) and those any process
/// used within ``grace`` (another grader at work on the same course). An entry is renamed away
/// before it is deleted, so that a lookup running at the same time finds a whole build or none.
/// Folders left by builds that were interrupted (`.staging-…`) go once they are ``grace`` old.
///
/// A trim reads the size of every build (half a second for 1,267 builds, 3.2 GiB, measured here),
/// so it is not done at every store: at a process's first store only when no grader has trimmed
/// within ``grace`` (``marker``), and after that once the builds this process stored since its
/// last trim could have taken the cache past its limit again.
final class BuildCacheTrim: @unchecked Sendable {
    /// 2 GiB unless `GRADER_BUILD_CACHE_MB` says otherwise.
    static let defaultLimit: Int64 = 2 << 30

    let directory: URL
    let limit: Int64
    let grace: TimeInterval
    private let lock = NSLock()
    private var used = Set<String>()
    /// Bytes this process may still store before the cache could be over its limit (from the
    /// last trim's total); nil before this process's first trim.
    private var headroom: Int64?

    init(directory: URL, limit: Int64 = BuildCacheTrim.limit(from: ProcessInfo.processInfo.environment),
         grace: TimeInterval = 3600) {
        self.directory = directory
        self.limit = limit
        self.grace = grace
    }

    /// The limit `GRADER_BUILD_CACHE_MB` sets (in MiB), else ``defaultLimit``.
    static func limit(from environment: [String: String]) -> Int64 {
        guard let text = environment["GRADER_BUILD_CACHE_MB"], let megabytes = Int64(text), megabytes >= 0 else {
            return defaultLimit
        }
        return megabytes << 20
    }

    /// Records that this process uses the build `key`, and marks it used now for other processes.
    func use(_ key: String) {
        lock.withLock { _ = used.insert(key) }
        try? FileManager.default.setAttributes([.modificationDate: Date()],
                                               ofItemAtPath: directory.appendingPathComponent(key).path)
    }

    /// Touched by every trim, whichever grader makes it.
    var marker: URL { directory.appendingPathComponent(".last-trim") }

    /// Records a build just stored; trims the cache when one is due (above).
    func stored(_ key: String) {
        use(key)
        let size = Self.size(of: directory.appendingPathComponent(key))
        let due: Bool = lock.withLock {
            if let left = headroom, left - size >= 0 {
                headroom = left - size
                return false
            }
            // This process's first store: another grader's recent trim stands for this one.
            if headroom == nil, trimmedRecently() {
                headroom = limit / 4 - size
                return false
            }
            headroom = .max  // until the trim below says: no other store starts one meanwhile
            return true
        }
        guard due else { return }
        let total = trim().total
        // What stays is in use or recent: once it is over the limit, wait for a quarter of the
        // limit more before looking again.
        lock.withLock { headroom = max(limit - total, limit / 4) }
    }

    /// Whether any grader trimmed this cache within ``grace``.
    private func trimmedRecently(now: Date = Date()) -> Bool {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: marker.path))?[.modificationDate] as? Date
        else { return false }
        return now.timeIntervalSince(date) < grace
    }

    /// What one trim removed, and the bytes the builds left take.
    struct Removal: Equatable {
        var builds = 0
        var bytes: Int64 = 0
        var leftovers = 0
        var total: Int64 = 0
    }

    /// Removes the least recently used builds until the cache is within ``limit`` (sparing those
    /// in use, above), and interrupted builds' folders older than ``grace``.
    @discardableResult
    func trim(now: Date = Date()) -> Removal {
        let fm = FileManager.default
        if (try? fm.setAttributes([.modificationDate: now], ofItemAtPath: marker.path)) == nil,
           !fm.createFile(atPath: marker.path, contents: nil) {
            return Removal()
        }
        let keys: [URLResourceKey] = [.contentModificationDateKey, .isDirectoryKey]
        guard let children = try? fm.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else {
            return Removal()
        }
        let inUse = lock.withLock { used }
        var removal = Removal()
        var builds: [(url: URL, date: Date, size: Int64)] = []
        for child in children {
            let values = try? child.resourceValues(forKeys: Set(keys))
            let date = values?.contentModificationDate ?? now
            let name = child.lastPathComponent
            if name.hasPrefix(".") {
                if name != marker.lastPathComponent, now.timeIntervalSince(date) > grace, (try? fm.removeItem(at: child)) != nil { removal.leftovers += 1 }
                continue
            }
            guard values?.isDirectory == true else { continue }
            builds.append((child, date, Self.size(of: child)))
        }
        var total = builds.reduce(0) { $0 + $1.size }
        for build in builds.sorted(by: { $0.date < $1.date }) where total > limit {
            guard !inUse.contains(build.url.lastPathComponent), now.timeIntervalSince(build.date) > grace else { continue }
            let trash = directory.appendingPathComponent(".trash-\(UUID().uuidString)")
            guard (try? fm.moveItem(at: build.url, to: trash)) != nil else { continue }
            try? fm.removeItem(at: trash)
            total -= build.size
            removal.builds += 1
            removal.bytes += build.size
        }
        removal.total = total
        return removal
    }

    /// The bytes of the files under `folder` (their length: Foundation on Linux misreports the
    /// space allocated, eight times too much).
    static func size(of folder: URL) -> Int64 {
        let keys: [URLResourceKey] = [.fileSizeKey, .isRegularFileKey]
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else { return 0 }
        var total: Int64 = 0
        for case let file as URL in files {
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            total += Int64(values.fileSize ?? 0)
        }
        return total
    }
}

import Foundation
import Testing
@testable import GraderCore

struct BuildCacheTrimTests {
    /// A cache folder holding builds of `megabytes` each, used `hoursAgo` hours ago.
    private func cache(_ builds: [(name: String, megabytes: Int, hoursAgo: Double)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("build-cache-\(UUID().uuidString)")
        for build in builds { try add(build, to: folder) }
        return folder
    }

    private func add(_ build: (name: String, megabytes: Int, hoursAgo: Double), to folder: URL) throws {
        let fm = FileManager.default
        let entry = folder.appendingPathComponent(build.name)
        try fm.createDirectory(at: entry.appendingPathComponent("App.app"), withIntermediateDirectories: true)
        try Data(repeating: 7, count: build.megabytes << 20).write(to: entry.appendingPathComponent("App.app/App"))
        try Data("inputs".utf8).write(to: entry.appendingPathComponent("inputs"))
        try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -build.hoursAgo * 3600)], ofItemAtPath: entry.path)
    }

    /// The cache's entries, but the marker every trim touches.
    private func names(in folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).subtracting([".last-trim"])
    }

    @Test func theLeastRecentlyUsedBuildsGoUntilTheCacheFits() throws {
        let folder = try cache([("a", 3, 50), ("b", 3, 30), ("c", 3, 20), ("d", 3, 10)])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 12 MiB held, 7 allowed: the two oldest go, and nothing more.
        let removal = BuildCacheTrim(directory: folder, limit: 7 << 20).trim()
        #expect(try names(in: folder) == ["c", "d"])
        #expect(removal.builds == 2)
        #expect(removal.bytes >= 6 << 20)
        // Within the limit, nothing goes.
        #expect(BuildCacheTrim(directory: folder, limit: 7 << 20).trim().builds == 0)
        #expect(try names(in: folder) == ["c", "d"])
    }

    @Test func buildsInUseAreKeptEvenOverTheLimit() throws {
        let folder = try cache([("old-in-use", 2, 90), ("old", 2, 80), ("recent", 2, 0.2)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let trim = BuildCacheTrim(directory: folder, limit: 0)
        trim.use("old-in-use")
        trim.trim()
        // This process's build and the one another process used a few minutes ago stay.
        #expect(try names(in: folder) == ["old-in-use", "recent"])
    }

    @Test func usingABuildMakesItTheMostRecent() throws {
        let folder = try cache([("a", 2, 50), ("b", 2, 40)])
        defer { try? FileManager.default.removeItem(at: folder) }
        BuildCacheTrim(directory: folder, limit: 0).use("a")
        BuildCacheTrim(directory: folder, limit: 3 << 20, grace: 0).trim()
        #expect(try names(in: folder) == ["a"])
    }

    @Test func interruptedBuildsAreRemovedOnceStale() throws {
        let fm = FileManager.default
        let folder = try cache([("a", 1, 1)])
        defer { try? fm.removeItem(at: folder) }
        for (name, hoursAgo) in [(".staging-old", 2.0), (".staging-now", 0.0)] {
            let staging = folder.appendingPathComponent(name)
            try fm.createDirectory(at: staging.appendingPathComponent("tmp"), withIntermediateDirectories: true)
            try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -hoursAgo * 3600)], ofItemAtPath: staging.path)
        }
        let removal = BuildCacheTrim(directory: folder, limit: 1 << 30).trim()
        #expect(removal.leftovers == 1)
        #expect(try names(in: folder) == ["a", ".staging-now"])
    }

    @Test func aProcessTrimsAtItsFirstStoreUnlessAnotherJustDid() throws {
        let folder = try cache([("old", 2, 50), ("new-1", 1, 0)])
        defer { try? FileManager.default.removeItem(at: folder) }
        BuildCacheTrim(directory: folder, limit: 0).stored("new-1")
        #expect(try names(in: folder) == ["new-1"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".last-trim").path))
        // A second process right after: the first one's trim stands for its own.
        try add(("stale", 2, 50), to: folder)
        try add(("new-2", 1, 0), to: folder)
        BuildCacheTrim(directory: folder, limit: 0).stored("new-2")
        #expect(try names(in: folder).contains("stale"))
        // Once that trim is older than the grace, a new process trims at its first store.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 3600)],
                                              ofItemAtPath: folder.appendingPathComponent(".last-trim").path)
        BuildCacheTrim(directory: folder, limit: 0).stored("new-2")
        #expect(try !names(in: folder).contains("stale"))
    }

    @Test func aProcessTrimsAgainOnlyOnceItsStoresCouldHaveFilledTheCache() throws {
        let folder = try cache([])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 8 MiB allowed: the first trim finds nothing, so 8 MiB of stores may come before the next.
        let trim = BuildCacheTrim(directory: folder, limit: 8 << 20)
        try add(("first", 1, 0), to: folder)
        trim.stored("first")
        try add(("stale", 2, 50), to: folder)
        for index in 1...6 {
            try add(("new-\(index)", 1, 0), to: folder)
            trim.stored("new-\(index)")
        }
        // 9 MiB held, over the limit, but this process has stored 6 of its 7 MiB of headroom.
        #expect(try names(in: folder).contains("stale"))
        try add(("new-7", 2, 0), to: folder)
        trim.stored("new-7")
        #expect(try !names(in: folder).contains("stale"))
    }

    @Test func theLimitComesFromTheEnvironment() {
        #expect(BuildCacheTrim.limit(from: [:]) == BuildCacheTrim.defaultLimit)
        #expect(BuildCacheTrim.limit(from: ["GRADER_BUILD_CACHE_MB": "500"]) == 500 << 20)
        #expect(BuildCacheTrim.limit(from: ["GRADER_BUILD_CACHE_MB": "lots"]) == BuildCacheTrim.defaultLimit)
    }
}

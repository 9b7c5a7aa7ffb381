import Foundation
import GraderCommandLine
import Testing

/// `grader watch`'s file watching, on real files: inotify, polling when asked to, and polling
/// when inotify fails.
@Suite(.serialized) struct FileWatcherTests {
    /// Counts the watcher's calls.
    private final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }

        /// Waits, looking ten times a second, for at least `count` calls (generous on a loaded machine).
        func wait(for count: Int, timeout: TimeInterval = 30) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while self.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            return self.count >= count
        }
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func inotifySeesASaveByRenameAndAPlainWrite() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Solution.swift")
        try "let a = 1\n".write(to: file, atomically: false, encoding: .utf8)
        let calls = Calls()
        let watcher = FileWatcher(files: [file], environment: [:]) { calls.add() }
        defer { watcher.stop() }
        #expect(watcher.mechanism == .inotify)
        // An editor's save: a new file renamed over the old one.
        try "let a = 2\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(calls.wait(for: 1), "the rename is seen")
        try "let a = 3\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(calls.wait(for: 2), "a write in place is seen")
    }

    @Test func pollingWhenAskedSeesAnEdit() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Solution.swift")
        try "let a = 1\n".write(to: file, atomically: false, encoding: .utf8)
        let calls = Calls()
        let watcher = FileWatcher(files: [file], environment: [FileWatcher.pollingVariable: "1"]) { calls.add() }
        defer { watcher.stop() }
        #expect(watcher.mechanism == .polling(reason: "GRADER_WATCH_POLL is set"))
        // Same size: the content hash tells it apart even within the same second.
        try "let a = 2\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(calls.wait(for: 1))
    }

    @Test func whenInotifyFailsItPollsAndSaysWhy() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder that does not exist yet cannot be watched by inotify.
        let file = folder.appendingPathComponent("Later/Solution.swift")
        let calls = Calls()
        let watcher = FileWatcher(files: [file], environment: [:]) { calls.add() }
        defer { watcher.stop() }
        guard case .polling(let reason) = watcher.mechanism else {
            Issue.record("inotify watched a missing folder")
            return
        }
        #expect(reason == "inotify_add_watch failed: No such file or directory")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "let a = 1\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(calls.wait(for: 1), "the new file is seen by polling")
    }

    @Test func noCallAfterStop() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Solution.swift")
        try "let a = 1\n".write(to: file, atomically: false, encoding: .utf8)
        let calls = Calls()
        let watcher = FileWatcher(files: [file], environment: [:]) { calls.add() }
        watcher.stop()
        let witness = Calls()
        let second = FileWatcher(files: [file], environment: [:]) { witness.add() }
        defer { second.stop() }
        try "let a = 2\n".write(to: file, atomically: true, encoding: .utf8)
        // Once a watcher started later has seen the change, the stopped one would have too.
        #expect(witness.wait(for: 1))
        #expect(calls.count == 0)
    }
}

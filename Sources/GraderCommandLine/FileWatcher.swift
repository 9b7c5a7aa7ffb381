import Foundation

/// Calls back when any of some files changes (written, replaced, created or removed): by inotify
/// on Linux, else by looking at the files twice a second. Bursts of changes (an editor's save is
/// several events) are reported once, when the files have been quiet for a moment.
package final class FileWatcher: @unchecked Sendable {
    /// How the files are watched, as the first screen of `grader watch` says it.
    package enum Mechanism: Equatable, CustomStringConvertible, Sendable {
        case inotify
        case polling(reason: String)

        package var description: String {
            switch self {
            case .inotify: return "inotify"
            case .polling(let reason): return "polling: \(reason)"
            }
        }
    }

    /// Set in the environment (to anything but `0` or empty) to poll even where inotify works.
    package static let pollingVariable = "GRADER_WATCH_POLL"
    /// How often polling looks at the files.
    static let pollInterval: TimeInterval = 0.5
    /// How long the files must stay unchanged before a burst of changes is reported.
    static let quietPeriod: TimeInterval = 0.15
    /// A file that never stops changing is reported at least this often.
    static let longestBurst: TimeInterval = 2

    package let files: [URL]
    package let mechanism: Mechanism
    private let lock = NSLock()
    private var stopped = false

    /// Starts watching `files`, calling `onChange` on a thread of its own after each burst of changes.
    package init(files: [URL], environment: [String: String] = ProcessInfo.processInfo.environment,
                 onChange: @escaping @Sendable () -> Void) {
        self.files = files
        let forced = environment[Self.pollingVariable].map { !$0.isEmpty && $0 != "0" } ?? false
        let wait: (TimeInterval) -> Bool
        #if canImport(Glibc)
        do {
            guard !forced else { throw InotifyWatch.Failure(description: "\(Self.pollingVariable) is set") }
            let watch = try InotifyWatch(files: files)
            mechanism = .inotify
            wait = { watch.wait(timeout: $0) }
        } catch {
            mechanism = .polling(reason: "\(error)")
            wait = Self.poller(files)
        }
        #else
        mechanism = .polling(reason: forced ? "\(Self.pollingVariable) is set" : "inotify is Linux's only")
        wait = Self.poller(files)
        #endif
        let thread = Thread { [self] in self.watch(wait, onChange: onChange) }
        thread.name = "grader watch: files"
        thread.start()
    }

    /// Stops watching: no call back starts after this returns.
    package func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Waits for changes until stopped; after each, waits for a quiet moment, then calls back.
    private func watch(_ wait: (TimeInterval) -> Bool, onChange: @Sendable () -> Void) {
        while !isStopped {
            guard wait(Self.pollInterval) else { continue }
            let burst = Date()
            while wait(Self.quietPeriod), Date().timeIntervalSince(burst) < Self.longestBurst {}
            lock.lock()
            defer { lock.unlock() }
            if !stopped { onChange() }
        }
    }

    /// A wait that looks at the files' fingerprints: true when they differ from the last look's.
    private static func poller(_ files: [URL]) -> (TimeInterval) -> Bool {
        var last = FileFingerprint(files: files)
        return { timeout in
            Thread.sleep(forTimeInterval: timeout)
            let now = FileFingerprint(files: files)
            defer { last = now }
            return now != last
        }
    }
}

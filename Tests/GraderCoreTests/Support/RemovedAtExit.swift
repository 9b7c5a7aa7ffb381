import Foundation

/// Folders shared by every test of a run (a packed handout, the harness's build folder): no test
/// owns them, so no `deinit` or `defer` can remove them; they go when the test process exits.
/// Without this each `swift test` left about 300 MB in the system's temporary folder.
enum RemovedAtExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: [String] = []
    nonisolated(unsafe) private static var registered = false

    static func register(_ folder: URL) {
        lock.lock()
        defer { lock.unlock() }
        folders.append(folder.path)
        if !registered {
            registered = true
            atexit { RemovedAtExit.removeAll() }
        }
    }

    private static func removeAll() {
        lock.lock()
        let paths = folders
        folders = []
        lock.unlock()
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}

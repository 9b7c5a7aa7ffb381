import Foundation

/// One lock per cache key, made on first use.
final class KeyedLocks: @unchecked Sendable {
    private let lock = NSLock()
    private var locks: [String: NSLock] = [:]

    func lock(for key: String) -> NSLock {
        lock.lock()
        defer { lock.unlock() }
        if let existing = locks[key] { return existing }
        let made = NSLock()
        locks[key] = made
        return made
    }
}

import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
        // TODO: open the suite with UserDefaults(suiteName:).
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        nil // TODO
    }

    /// Stores `value` under `key`; nil removes the key.
    func set(_ value: String?, forKey key: String) {
        // TODO
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        // TODO
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        // TODO
    }

    /// The keys stored in this suite, sorted.
    func keys() -> [String] {
        [] // TODO
    }
}

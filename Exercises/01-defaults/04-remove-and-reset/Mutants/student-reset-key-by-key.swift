// Mutant: reset() removes the keys one by one with removeObject(forKey:), so the suite file stays and a kill right after the reset brings the keys back
// Hint: `removePersistentDomain(forName:)` removes the suite at once, file and all; removals key by key are saved later, and a kill before that loses them.
import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String
    private let defaults: UserDefaults

    init(suiteName: String) {
        self.suiteName = suiteName
        self.defaults = UserDefaults(suiteName: suiteName)!
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    /// Stores `value` under `key`; nil removes the key.
    func set(_ value: String?, forKey key: String) {
        if let value {
            defaults.set(value, forKey: key)
        } else {
            defaults.removeObject(forKey: key)
        }
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        defaults.removeObject(forKey: key)
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        for key in keys() {
            defaults.removeObject(forKey: key)
        }
    }

    /// The keys stored in this suite, sorted.
    func keys() -> [String] {
        (defaults.persistentDomain(forName: suiteName) ?? [:]).keys.sorted()
    }
}

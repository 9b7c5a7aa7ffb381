// Mutant: keys() sorts the keys ignoring case (by their lower-cased form, the way a settings screen lists them), so with keys "name" and "Zip" it lists ["name", "Zip"] instead of Swift's sorted order ["Zip", "name"], and keys equal but for case come in no defined order
// Hint: keys() sorts as Swift's sorted() does, case counting: capitals first.
import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    /// The suite, opened at every use: nothing is kept in memory.
    private var defaults: UserDefaults {
        UserDefaults(suiteName: suiteName) ?? .standard
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
            remove(key)
        }
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        defaults.removeObject(forKey: key)
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        defaults.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted.
    func keys() -> [String] {
        let stored = (defaults.persistentDomain(forName: suiteName) ?? [:]).keys
        return stored.sorted { $0.lowercased() < $1.lowercased() }
    }
}

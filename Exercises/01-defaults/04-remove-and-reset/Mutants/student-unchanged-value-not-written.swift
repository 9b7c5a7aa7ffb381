// Mutant: set(_:forKey:) skips the write when string(forKey:) already answers the same value, but that getter also answers a fallback the app registered with register(defaults:), so storing a value equal to the registered fallback stores nothing: keys() does not list the key, and after a relaunch (without that registration) string(forKey:) is nil
// Hint: string(forKey:) also answers a fallback registered with register(defaults:); a value equal to it is still not stored until you store it.
import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String
    private let defaults: UserDefaults

    init(suiteName: String) {
        self.suiteName = suiteName
        defaults = UserDefaults(suiteName: suiteName)!
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    /// Stores `value` under `key`; nil removes the key.
    func set(_ value: String?, forKey key: String) {
        if let value {
            // Spare a write when the suite already answers this value.
            guard defaults.string(forKey: key) != value else { return }
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
        defaults.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted.
    func keys() -> [String] {
        defaults.persistentDomain(forName: suiteName)?.keys.sorted() ?? []
    }
}

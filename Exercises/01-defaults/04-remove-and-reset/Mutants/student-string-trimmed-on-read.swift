// Mutant: string(forKey:) trims spaces and line breaks around the stored value ("values typed in the Settings app often carry a stray space"), so a value stored as " Seat León " reads as "Seat León" and one stored as "  " reads as ""
// Hint: Read a value back exactly as it was stored.
import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    private var defaults: UserDefaults {
        UserDefaults(suiteName: suiteName)!
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)?.trimmingCharacters(in: .whitespacesAndNewlines)
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
        defaults.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted.
    func keys() -> [String] {
        let domain = defaults.persistentDomain(forName: suiteName) ?? [:]
        return domain.keys.sorted()
    }
}

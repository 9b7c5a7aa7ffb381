// Mutant: keys() sorts the keys by their UTF-8 bytes ("plain byte order, like `ls` in the C locale, independent of any locale") instead of with Swift's `<`, which compares the canonical (composed) form; for a key written with a decomposed accent ("e" + U+0301 in "émile") the two orders differ: bytes put it before "f…"/"name", Swift puts it after them, as it does the composed "émile"
// Hint: Swift's < compares canonical forms: a decomposed é sorts as é, not by its bytes.
import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    /// The suite, opened again at every use: nothing of it is kept in this value.
    private var suite: UserDefaults {
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            preconditionFailure("\(suiteName) is not a valid suite name")
        }
        return defaults
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        suite.string(forKey: key)
    }

    /// Stores `value` under `key`; nil removes the key.
    func set(_ value: String?, forKey key: String) {
        if let value {
            suite.set(value, forKey: key)          // stored exactly as given, "" included
        } else {
            remove(key)                            // never pass a bare nil to set(_:forKey:)
        }
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        suite.removeObject(forKey: key)
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        suite.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted with Swift's `<`.
    func keys() -> [String] {
        let stored = suite.persistentDomain(forName: suiteName) ?? [:]
        // Plain byte order: deterministic and independent of the locale.
        return stored.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

// Mutant: keys() lists only the keys whose stored value is a string, so a key that other code stored in the suite with another type (UserDefaults(suiteName: "garage")!.set(3, forKey: "doors")) is left out
// Hint: keys() lists every key the suite has stored, whatever the type of its value.
import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    /// The suite, opened again at every call: nothing is kept in memory, so several stores
    /// of the same suite always agree.
    private var suite: UserDefaults {
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            preconditionFailure("\(suiteName) is a reserved suite name")
        }
        return defaults
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        suite.string(forKey: key)
    }

    /// Stores `value` under `key`; nil removes the key.
    func set(_ value: String?, forKey key: String) {
        guard let value else {
            // Not suite.set(nil, forKey:): on Linux a bare nil calls itself forever.
            remove(key)
            return
        }
        // Stored exactly as given: "" and spaces included.
        suite.set(value, forKey: key)
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        suite.removeObject(forKey: key)
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        suite.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted.
    func keys() -> [String] {
        // The persistent domain holds what the suite stored, and nothing of the standard
        // defaults, of other suites or of the registration domain.
        let stored = suite.persistentDomain(forName: suiteName) ?? [:]
        // This store holds strings: a key is one of its settings when its value is a string.
        return stored.filter { $0.value is String }.keys.sorted()
    }
}

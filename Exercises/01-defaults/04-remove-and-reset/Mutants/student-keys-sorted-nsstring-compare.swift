// Mutant: keys() sorts with NSString's compare(_:) instead of Swift's <, which compares accented letters by their base letter, so keys "émile" and "name" are listed ["émile", "name"] instead of Swift's ["name", "émile"] (and "Étage" before "Zip")
// Hint: Sorted as Swift's < sorts them: by Unicode scalars, so é comes after z; NSString's compare puts it near e.
import Foundation

/// String settings kept in one named suite of user defaults.
struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    /// The suite, opened afresh at every call: several stores of the same suite then
    /// share what Foundation holds for it, and this store keeps nothing of its own.
    /// (A reserved name, such as the app's bundle identifier, cannot be opened: nil.)
    private var suite: UserDefaults? {
        UserDefaults(suiteName: suiteName)
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        suite?.string(forKey: key)
    }

    /// Stores `value` under `key`, exactly as given ("" and spaces included); nil removes the key.
    func set(_ value: String?, forKey key: String) {
        guard let value = value else {
            remove(key)
            return
        }
        suite?.set(value, forKey: key)
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        // removeObject(forKey:), never set(nil, forKey:): a bare nil picks the URL? overload.
        suite?.removeObject(forKey: key)
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        suite?.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted.
    /// The persistent domain holds only what was stored: no key of another domain and no
    /// registered fallback.
    func keys() -> [String] {
        let stored = UserDefaults.standard.persistentDomain(forName: suiteName) ?? [:]
        // Foundation's string comparison, the order NSString uses.
        return stored.keys.sorted { $0.compare($1) == .orderedAscending }
    }
}

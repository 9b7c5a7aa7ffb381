// Mutant: string(forKey:) answers from a static cache of each suite's values, which set and remove update but reset() forgets to clear, so a reset suite still answers its old values in the same launch
// Hint: Several stores for one suite may exist and a reset removes everything: a remembered value goes stale, so read the suite each time.
import Foundation

/// String settings kept in one named suite of user defaults.
///
/// A suite is a separate defaults domain, saved in its own file (`<suite>.plist`): two
/// suites can use the same key without touching each other, and a whole suite can be wiped
/// in one call.
struct SuiteStore {
    let suiteName: String
    private let defaults: UserDefaults

    init(suiteName: String) {
        self.suiteName = suiteName
        // `UserDefaults(suiteName:)` is nil only for reserved names (the global domain or
        // the app's own bundle identifier), which this app never uses.
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            preconditionFailure("'\(suiteName)' cannot name a defaults suite")
        }
        self.defaults = defaults
    }

    /// The string stored under `key` in this suite, or nil.
    private static var cache: [String: String] = [:]

    func string(forKey key: String) -> String? {
        if let cached = SuiteStore.cache[suiteName + "/" + key] { return cached }
        return defaults.string(forKey: key)
    }

    /// Stores `value` under `key`; nil removes the key, as `set(nil, forKey:)` does.
    func set(_ value: String?, forKey key: String) {
        SuiteStore.cache[suiteName + "/" + key] = value
        if let value {
            defaults.set(value, forKey: key)
        } else {
            // Same effect as storing nil. (On Linux, a bare `set(nil, forKey:)` picks the
            // `URL?` overload and never returns, so say what is meant.)
            defaults.removeObject(forKey: key)
        }
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        SuiteStore.cache[suiteName + "/" + key] = nil
        defaults.removeObject(forKey: key)
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        defaults.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted.
    ///
    /// `persistentDomain(forName:)` holds exactly what the suite saved, unlike
    /// `dictionaryRepresentation()`, which mixes in registered and global defaults.
    func keys() -> [String] {
        (defaults.persistentDomain(forName: suiteName) ?? [:]).keys.sorted()
    }
}

// Mutant: remove(_:) and set(nil, forKey:) also remove the key from UserDefaults.standard ("so that no stale copy is left anywhere"), so removing a suite key deletes the app's own setting of the same name
// Hint: Every method works on this store's suite only; think about which domains a removal may touch.
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
    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    /// Stores `value` under `key`; nil removes the key, as `set(nil, forKey:)` does.
    func set(_ value: String?, forKey key: String) {
        if let value {
            defaults.set(value, forKey: key)
        } else {
            // Same effect as storing nil. (On Linux, a bare `set(nil, forKey:)` picks the
            // `URL?` overload and never returns, so say what is meant.)
            defaults.removeObject(forKey: key)
            UserDefaults.standard.removeObject(forKey: key)
        }
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        defaults.removeObject(forKey: key)
        UserDefaults.standard.removeObject(forKey: key)
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

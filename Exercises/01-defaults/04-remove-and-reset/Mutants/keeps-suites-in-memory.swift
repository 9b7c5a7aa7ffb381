// Mutant: keeps each suite in a static dictionary instead of UserDefaults
import Foundation

/// String settings kept in one named suite of user defaults.
///
/// A suite is a separate defaults domain, saved in its own file (`<suite>.plist`): two
/// suites can use the same key without touching each other, and a whole suite can be wiped
/// in one call.
struct SuiteStore {
    let suiteName: String
    /// Lives only as long as the process.
    nonisolated(unsafe) private static var suites: [String: [String: String]] = [:]

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    /// The string stored under `key` in this suite, or nil.
    func string(forKey key: String) -> String? {
        Self.suites[suiteName]?[key]
    }

    /// Stores `value` under `key`; nil removes the key, as `set(nil, forKey:)` does.
    func set(_ value: String?, forKey key: String) {
        if let value {
            Self.suites[suiteName, default: [:]][key] = value
        } else {
            // Same effect as storing nil. (On Linux, a bare `set(nil, forKey:)` picks the
            // `URL?` overload and never returns, so say what is meant.)
            Self.suites[suiteName]?[key] = nil
        }
    }

    /// Removes one key of this suite; removing a missing key does nothing.
    func remove(_ key: String) {
        Self.suites[suiteName]?[key] = nil
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        Self.suites[suiteName] = nil
    }

    /// The keys stored in this suite, sorted.
    ///
    /// `persistentDomain(forName:)` holds exactly what the suite saved, unlike
    /// `dictionaryRepresentation()`, which mixes in registered and global defaults.
    func keys() -> [String] {
        (Self.suites[suiteName] ?? [:]).keys.sorted()
    }
}

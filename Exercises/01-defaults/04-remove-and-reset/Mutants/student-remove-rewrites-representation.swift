// Mutant: remove(_:) (and so set(nil, forKey:)) rebuilds the suite without the key: it takes the suite's dictionaryRepresentation(), drops the key and writes the rest back with setPersistentDomain(_:forName:); dictionaryRepresentation() also holds every fallback registered with register(defaults:), so after any removal those fallbacks are stored in the suite, keys() lists them and they land in garage.plist (and removing a missing key from a never-written suite creates its file)
// Hint: Rebuilding the suite from a view that also holds registered fallbacks stores those fallbacks in the suite: remove just the one key.
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
        // Write the suite back without that key.
        var contents = defaults.dictionaryRepresentation()
        contents.removeValue(forKey: key)
        defaults.setPersistentDomain(contents, forName: suiteName)
    }

    /// Removes every key of this suite, and no other suite's.
    func reset() {
        defaults.removePersistentDomain(forName: suiteName)
    }

    /// The keys stored in this suite, sorted.
    func keys() -> [String] {
        (defaults.persistentDomain(forName: suiteName) ?? [:]).keys.sorted()
    }
}

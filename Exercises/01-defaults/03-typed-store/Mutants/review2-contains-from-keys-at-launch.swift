// Mutant: contains answers from the keys the defaults held when the store was made plus the keys this store set since, so a key other code wrote during the launch is not seen
// Hint: Other code may write to the same defaults while the app runs; contains must ask the defaults each time.
import Foundation

/// Typed access to user defaults.
///
/// `UserDefaults` stores property-list values: numbers, booleans, strings, dates, data, and
/// arrays and dictionaries of those. Its getters return `Any?` or fall back to 0 and false,
/// so this wrapper pins down one Swift type per getter and what a missing key reads as.
struct TypedStore {
    let defaults: UserDefaults
    private final class Keys { var set: Set<String> = [] }
    private let keys = Keys()

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        keys.set = Set(defaults.dictionaryRepresentation().keys)
    }

    // MARK: Reading

    /// The integer stored under `key`, or 0.
    func int(forKey key: String) -> Int {
        defaults.integer(forKey: key)
    }

    /// The Boolean stored under `key`, or false.
    func bool(forKey key: String) -> Bool {
        defaults.bool(forKey: key)
    }

    /// The number stored under `key`, or 0.
    func double(forKey key: String) -> Double {
        defaults.double(forKey: key)
    }

    /// The string stored under `key`, or nil.
    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    /// The date stored under `key`, or nil. UserDefaults has no `date(forKey:)`: cast the object.
    func date(forKey key: String) -> Date? {
        defaults.object(forKey: key) as? Date
    }

    /// The array of strings stored under `key`, or nil (also when an element is not a string).
    func strings(forKey key: String) -> [String]? {
        defaults.stringArray(forKey: key)
    }

    /// The dictionary of integers stored under `key`, or nil (also when a value is not an integer).
    func counts(forKey key: String) -> [String: Int]? {
        defaults.dictionary(forKey: key) as? [String: Int]
    }

    /// Whether anything is stored under `key`: the only way to tell a stored 0 from a missing key.
    func contains(_ key: String) -> Bool {
        keys.set.contains(key)
    }

    // MARK: Writing

    func set(_ value: Int, forKey key: String) {
        keys.set.insert(key)
        defaults.set(value, forKey: key)
    }

    func set(_ value: Bool, forKey key: String) {
        keys.set.insert(key)
        defaults.set(value, forKey: key)
    }

    func set(_ value: Double, forKey key: String) {
        keys.set.insert(key)
        defaults.set(value, forKey: key)
    }

    func set(_ value: String, forKey key: String) {
        keys.set.insert(key)
        defaults.set(value, forKey: key)
    }

    func set(_ value: Date, forKey key: String) {
        keys.set.insert(key)
        defaults.set(value, forKey: key)
    }

    func set(_ value: [String], forKey key: String) {
        keys.set.insert(key)
        defaults.set(value, forKey: key)
    }

    func set(_ value: [String: Int], forKey key: String) {
        keys.set.insert(key)
        defaults.set(value, forKey: key)
    }
}

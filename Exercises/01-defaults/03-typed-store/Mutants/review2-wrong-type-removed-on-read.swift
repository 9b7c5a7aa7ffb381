// Mutant: date, strings and counts remove a value of another type they find under the key ("cleaning up a bad value"), so a read deletes what other code stored
// Hint: A getter answers nil for a value of another type; think about whether it should touch the value itself.
import Foundation

/// Typed access to user defaults.
///
/// `UserDefaults` stores property-list values: numbers, booleans, strings, dates, data, and
/// arrays and dictionaries of those. Its getters return `Any?` or fall back to 0 and false,
/// so this wrapper pins down one Swift type per getter and what a missing key reads as.
struct TypedStore {
    let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
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
        let date = defaults.object(forKey: key) as? Date
        if date == nil, contains(key) { defaults.removeObject(forKey: key) }
        return date
    }

    /// The array of strings stored under `key`, or nil (also when an element is not a string).
    func strings(forKey key: String) -> [String]? {
        let strings = defaults.stringArray(forKey: key)
        if strings == nil, contains(key) { defaults.removeObject(forKey: key) }
        return strings
    }

    /// The dictionary of integers stored under `key`, or nil (also when a value is not an integer).
    func counts(forKey key: String) -> [String: Int]? {
        let counts = defaults.dictionary(forKey: key) as? [String: Int]
        if counts == nil, contains(key) { defaults.removeObject(forKey: key) }
        return counts
    }

    /// Whether anything is stored under `key`: the only way to tell a stored 0 from a missing key.
    func contains(_ key: String) -> Bool {
        defaults.object(forKey: key) != nil
    }

    // MARK: Writing

    func set(_ value: Int, forKey key: String) {
        defaults.set(value, forKey: key)
    }

    func set(_ value: Bool, forKey key: String) {
        defaults.set(value, forKey: key)
    }

    func set(_ value: Double, forKey key: String) {
        defaults.set(value, forKey: key)
    }

    func set(_ value: String, forKey key: String) {
        defaults.set(value, forKey: key)
    }

    func set(_ value: Date, forKey key: String) {
        defaults.set(value, forKey: key)
    }

    func set(_ value: [String], forKey key: String) {
        defaults.set(value, forKey: key)
    }

    func set(_ value: [String: Int], forKey key: String) {
        defaults.set(value, forKey: key)
    }
}

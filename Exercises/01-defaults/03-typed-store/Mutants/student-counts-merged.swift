// Mutant: set(_: [String: Int], forKey:) merges the new counts into the dictionary already stored under the key ("counts add up") instead of replacing it, so after set(["Madrid": 3]) and then set(["Segovia": 1]) counts(forKey:) answers ["Madrid": 3, "Segovia": 1], and set([:]) leaves the old counts in place
// Hint: Setting a value stores that value as it is; think about what should happen to whatever was stored under the key before.
import Foundation

/// Typed access to user defaults: one Swift type per getter, and a fixed answer for a
/// missing key (0, false, or nil).
struct TypedStore {
    let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    // MARK: Reading
    //
    // Every getter asks `defaults` again: nothing is cached, so values written by other code
    // are seen at the next call. The number, Boolean and string getters are those of
    // UserDefaults, which convert between numbers and the strings that spell them.

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

    /// The date stored under `key`, or nil (also for a value that is not a date).
    func date(forKey key: String) -> Date? {
        guard let value = defaults.object(forKey: key) else { return nil }
        return value as? Date
    }

    /// The array of strings stored under `key`, or nil (also for an array of anything else).
    func strings(forKey key: String) -> [String]? {
        guard let array = defaults.array(forKey: key) else { return nil }
        return array as? [String]
    }

    /// The dictionary of integers stored under `key`, or nil (also when a value is not an Int).
    func counts(forKey key: String) -> [String: Int]? {
        guard let dictionary = defaults.dictionary(forKey: key) else { return nil }
        return dictionary as? [String: Int]
    }

    /// Whether anything is stored under `key`, even 0, false or "".
    func contains(_ key: String) -> Bool {
        defaults.object(forKey: key) != nil
    }

    // MARK: Writing
    //
    // Each value goes straight into `defaults`, replacing whatever was stored under the key,
    // whatever its type.

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
        // Keep the counts already there and update them with the new ones.
        let stored = counts(forKey: key) ?? [:]
        defaults.set(stored.merging(value) { _, new in new }, forKey: key)
    }
}

// Mutant: set(_: Double) stores a whole number (3.0) as an Int "so that it also reads back cleanly as an integer", converting with Int(value), which traps for a whole double too large for Int (1e20, 1e300) or infinite, so storing a very large number crashes the app instead of storing it
// Hint: A Double is stored as a Double: turning a whole one into an Int traps beyond Int's range.
import Foundation

/// Typed access to user defaults: one Swift type per getter, and a fixed answer for a
/// missing key (0, false, or nil).
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

    /// The date stored under `key`, or nil.
    func date(forKey key: String) -> Date? {
        defaults.object(forKey: key) as? Date
    }

    /// The array of strings stored under `key`, or nil.
    func strings(forKey key: String) -> [String]? {
        defaults.object(forKey: key) as? [String]
    }

    /// The dictionary of integers stored under `key`, or nil.
    func counts(forKey key: String) -> [String: Int]? {
        defaults.object(forKey: key) as? [String: Int]
    }

    /// Whether anything is stored under `key`.
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
        // Keep whole numbers as integers: 3.0 is stored as 3.
        if value == value.rounded() {
            defaults.set(Int(value), forKey: key)
        } else {
            defaults.set(value, forKey: key)
        }
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

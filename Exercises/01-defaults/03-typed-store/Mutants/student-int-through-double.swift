// Mutant: int(forKey:) reads the value with double(forKey:) and cuts the fraction with Int(_:) ("`int` cuts a fraction toward zero"), so an integer too big for a Double to hold exactly comes back changed (1234567890123456789 reads as 1234567890123456768) and a stored number beyond the range of Int, such as 1e20, crashes the app
// Hint: A whole number read through a Double loses digits past 2^53: read it as a whole number.
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
        // int cuts a fraction toward zero: read the number, then drop its fraction.
        Int(defaults.double(forKey: key))
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
        defaults.stringArray(forKey: key)
    }

    /// The dictionary of integers stored under `key`, or nil.
    func counts(forKey key: String) -> [String: Int]? {
        defaults.dictionary(forKey: key) as? [String: Int]
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

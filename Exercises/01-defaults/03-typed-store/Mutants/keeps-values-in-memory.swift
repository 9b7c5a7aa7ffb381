// Mutant: keeps the values in a static dictionary instead of UserDefaults
import Foundation

/// Typed access to user defaults.
///
/// `UserDefaults` stores property-list values: numbers, booleans, strings, dates, data, and
/// arrays and dictionaries of those. Its getters return `Any?` or fall back to 0 and false,
/// so this wrapper pins down one Swift type per getter and what a missing key reads as.
struct TypedStore {
    let defaults: UserDefaults
    /// Lives only as long as the process.
    nonisolated(unsafe) private static var values: [String: Any] = [:]

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    // MARK: Reading

    /// The integer stored under `key`, or 0.
    func int(forKey key: String) -> Int {
        Self.values[key] as? Int ?? 0
    }

    /// The Boolean stored under `key`, or false.
    func bool(forKey key: String) -> Bool {
        Self.values[key] as? Bool ?? false
    }

    /// The number stored under `key`, or 0.
    func double(forKey key: String) -> Double {
        Self.values[key] as? Double ?? 0
    }

    /// The string stored under `key`, or nil.
    func string(forKey key: String) -> String? {
        Self.values[key] as? String
    }

    /// The date stored under `key`, or nil. UserDefaults has no `date(forKey:)`: cast the object.
    func date(forKey key: String) -> Date? {
        Self.values[key] as? Date
    }

    /// The array of strings stored under `key`, or nil (also when an element is not a string).
    func strings(forKey key: String) -> [String]? {
        Self.values[key] as? [String]
    }

    /// The dictionary of integers stored under `key`, or nil (also when a value is not an integer).
    func counts(forKey key: String) -> [String: Int]? {
        Self.values[key] as? [String: Int]
    }

    /// Whether anything is stored under `key`: the only way to tell a stored 0 from a missing key.
    func contains(_ key: String) -> Bool {
        Self.values[key] != nil
    }

    // MARK: Writing

    func set(_ value: Int, forKey key: String) {
        Self.values[key] = value
    }

    func set(_ value: Bool, forKey key: String) {
        Self.values[key] = value
    }

    func set(_ value: Double, forKey key: String) {
        Self.values[key] = value
    }

    func set(_ value: String, forKey key: String) {
        Self.values[key] = value
    }

    func set(_ value: Date, forKey key: String) {
        Self.values[key] = value
    }

    func set(_ value: [String], forKey key: String) {
        Self.values[key] = value
    }

    func set(_ value: [String: Int], forKey key: String) {
        Self.values[key] = value
    }
}

// Mutant: stores a [String: Int] as JSON data and reads counts only from JSON data, so a dictionary other code wrote to the defaults reads as nil
// Hint: Store a dictionary as the dictionary itself (`defaults.set(value, forKey:)`) and read it with `dictionary(forKey:)`: other code, and the Settings app, write plain property-list values, not your encoding.
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
        // nil for a missing key and for an array holding anything but strings
        // ([1, 2]); an empty array is still an array of strings.
        defaults.array(forKey: key) as? [String]
    }

    /// The dictionary of integers stored under `key`, or nil.
    func counts(forKey key: String) -> [String: Int]? {
        guard let data = defaults.data(forKey: key) else { return nil }
        return try? JSONDecoder().decode([String: Int].self, from: data)
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
        // A dictionary is a Swift type of our own here: encode it as Data.
        if let data = try? JSONEncoder().encode(value) {
            defaults.set(data, forKey: key)
        }
    }

}

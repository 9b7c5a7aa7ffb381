// Mutant: every setter also keeps the value in a table of its own, and string, date, strings, counts and contains look there first: after other code replaces a value this store wrote ("mine" by "theirs", a date by a number), those getters still answer the old value until a relaunch
// Hint: The defaults can change under you (the Settings app, another part of the app): what you wrote a moment ago is not necessarily what is there now.
import Foundation

/// Typed access to user defaults: one Swift type per getter, and a fixed answer for a
/// missing key (0, false, or nil).
struct TypedStore {
    let defaults: UserDefaults

    /// What this store wrote, so that reading it back needs no trip to the defaults.
    private final class Recent {
        var values: [String: Any] = [:]
    }
    private let recent = Recent()

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// Whatever property-list value is stored under `key`, untyped.
    private func raw(_ key: String) -> Any? {
        if let known = recent.values[key] { return known }
        return defaults.object(forKey: key)
    }

    // MARK: Reading

    /// The integer stored under `key`, or 0.
    func int(forKey key: String) -> Int {
        // Foundation already converts numbers and numeric text, and answers 0 for nothing.
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
        if let known = recent.values[key] as? String { return known }
        return defaults.string(forKey: key)
    }

    /// The date stored under `key`, or nil.
    func date(forKey key: String) -> Date? {
        // No `date(forKey:)` exists: a cast is the only honest way, and a number is not a date.
        guard let value = raw(key) else { return nil }
        return value as? Date
    }

    /// The array of strings stored under `key`, or nil.
    func strings(forKey key: String) -> [String]? {
        guard let list = raw(key) as? [Any] else { return nil }
        return list as? [String]
    }

    /// The dictionary of integers stored under `key`, or nil.
    func counts(forKey key: String) -> [String: Int]? {
        guard let table = raw(key) as? [String: Any] else { return nil }
        return table as? [String: Int]
    }

    /// Whether anything is stored under `key`.
    func contains(_ key: String) -> Bool {
        raw(key) != nil
    }

    // MARK: Writing

    /// Every setter ends up here: the defaults hold the value, nothing else does.
    private func put(_ value: Any, _ key: String) {
        recent.values[key] = value
        defaults.set(value, forKey: key)
    }

    func set(_ value: Int, forKey key: String) {
        put(value, key)
    }

    func set(_ value: Bool, forKey key: String) {
        put(value, key)
    }

    func set(_ value: Double, forKey key: String) {
        put(value, key)
    }

    func set(_ value: String, forKey key: String) {
        put(value, key)
    }

    func set(_ value: Date, forKey key: String) {
        put(value, key)
    }

    func set(_ value: [String], forKey key: String) {
        put(value, key)
    }

    func set(_ value: [String: Int], forKey key: String) {
        put(value, key)
    }
}

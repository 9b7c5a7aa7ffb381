// Mutant: set(_: [String], forKey:) drops repeated strings before storing the array, keeping the first of each ("a list of names has no duplicates"), so after set(["Madrid", "Segovia", "Madrid"], forKey:) strings(forKey:) answers ["Madrid", "Segovia"]
// Hint: A list of strings is a value to keep as given: check whether your setter changes the array before it stores it, repeats included.
import Foundation

/// Typed access to user defaults: one Swift type per getter, and a fixed answer for a
/// missing key (0, false, or nil).
struct TypedStore {
    let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    // MARK: Reading
    // Every getter asks `defaults` again: nothing is kept in this struct.

    /// The integer stored under `key`, or 0.
    func int(forKey key: String) -> Int {
        // Reads numbers (cutting a fraction toward zero) and text that spells a number.
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
        // A stored number reads as its text, as UserDefaults does.
        defaults.string(forKey: key)
    }

    /// The date stored under `key`, or nil.
    func date(forKey key: String) -> Date? {
        // A number or a string is not a date: only a real Date passes the cast.
        defaults.object(forKey: key) as? Date
    }

    /// The array of strings stored under `key`, or nil.
    func strings(forKey key: String) -> [String]? {
        // The whole array must be strings; [1, 2] is nil, [] is [].
        guard let array = defaults.array(forKey: key) else { return nil }
        var result: [String] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let text = element as? String else { return nil }
            result.append(text)
        }
        return result
    }

    /// The dictionary of integers stored under `key`, or nil.
    func counts(forKey key: String) -> [String: Int]? {
        // ["coffee": 1.5] fails the cast as a whole; [:] is a value.
        defaults.dictionary(forKey: key) as? [String: Int]
    }

    /// Whether anything is stored under `key`.
    func contains(_ key: String) -> Bool {
        defaults.object(forKey: key) != nil
    }

    // MARK: Writing
    // Each setter replaces whatever was under the key, whatever its type.

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
        // A list of names: keep each name once, in the order it first came.
        var seen: Set<String> = []
        let unique = value.filter { seen.insert($0).inserted }
        defaults.set(unique, forKey: key)
    }

    func set(_ value: [String: Int], forKey key: String) {
        defaults.set(value, forKey: key)
    }
}

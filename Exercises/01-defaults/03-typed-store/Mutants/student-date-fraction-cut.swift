// Mutant: set(_: Date) drops the fraction of a second, cutting toward zero ("a property list keeps dates to the second anyway"), so a date such as 2023-11-14 22:13:20.75 reads back as 22:13:20, and a date before 1970 with a fraction (-1234.5 s) moves forward to -1234 s, later than the -1235 s that even a relaunch's whole-second plist gives
// Hint: Store the Date as it is: cutting its fraction of a second changes the instant.
import Foundation

/// Typed access to user defaults: one Swift type per getter, and a fixed answer for a
/// missing key (0, false, or nil).
struct TypedStore {
    let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    // MARK: Reading

    /// The integer stored under `key`, or 0. Converts as `integer(forKey:)` does.
    func int(forKey key: String) -> Int {
        defaults.integer(forKey: key)
    }

    /// The Boolean stored under `key`, or false. Converts as `bool(forKey:)` does.
    func bool(forKey key: String) -> Bool {
        defaults.bool(forKey: key)
    }

    /// The number stored under `key`, or 0. Converts as `double(forKey:)` does.
    func double(forKey key: String) -> Double {
        defaults.double(forKey: key)
    }

    /// The string stored under `key`, or nil. A number reads as its text.
    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    /// The date stored under `key`, or nil (also for a value that is not a date).
    func date(forKey key: String) -> Date? {
        guard let value = defaults.object(forKey: key) else { return nil }
        return value as? Date
    }

    /// The array of strings stored under `key`, or nil (also for any other value).
    func strings(forKey key: String) -> [String]? {
        guard let value = defaults.object(forKey: key) else { return nil }
        return value as? [String]
    }

    /// The dictionary of integers stored under `key`, or nil (also for any other value).
    func counts(forKey key: String) -> [String: Int]? {
        guard let value = defaults.object(forKey: key) else { return nil }
        return value as? [String: Int]
    }

    /// Whether anything is stored under `key`, even 0, false or "".
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
        // Property lists keep dates to the second: store whole seconds so that the date
        // read in this launch is the one read after a relaunch.
        let seconds = Int(value.timeIntervalSince1970)
        defaults.set(Date(timeIntervalSince1970: TimeInterval(seconds)), forKey: key)
    }

    func set(_ value: [String], forKey key: String) {
        defaults.set(value, forKey: key)
    }

    func set(_ value: [String: Int], forKey key: String) {
        defaults.set(value, forKey: key)
    }
}

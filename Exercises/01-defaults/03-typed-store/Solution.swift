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
        0 // TODO
    }

    /// The Boolean stored under `key`, or false.
    func bool(forKey key: String) -> Bool {
        false // TODO
    }

    /// The number stored under `key`, or 0.
    func double(forKey key: String) -> Double {
        0 // TODO
    }

    /// The string stored under `key`, or nil.
    func string(forKey key: String) -> String? {
        nil // TODO
    }

    /// The date stored under `key`, or nil.
    func date(forKey key: String) -> Date? {
        nil // TODO
    }

    /// The array of strings stored under `key`, or nil.
    func strings(forKey key: String) -> [String]? {
        nil // TODO
    }

    /// The dictionary of integers stored under `key`, or nil.
    func counts(forKey key: String) -> [String: Int]? {
        nil // TODO
    }

    /// Whether anything is stored under `key`.
    func contains(_ key: String) -> Bool {
        false // TODO
    }

    // MARK: Writing

    func set(_ value: Int, forKey key: String) {
        // TODO
    }

    func set(_ value: Bool, forKey key: String) {
        // TODO
    }

    func set(_ value: Double, forKey key: String) {
        // TODO
    }

    func set(_ value: String, forKey key: String) {
        // TODO
    }

    func set(_ value: Date, forKey key: String) {
        // TODO
    }

    func set(_ value: [String], forKey key: String) {
        // TODO
    }

    func set(_ value: [String: Int], forKey key: String) {
        // TODO
    }
}

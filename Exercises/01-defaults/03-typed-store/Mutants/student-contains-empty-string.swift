// Mutant: contains() answers false for a stored empty string
// Hint: List every value the statement says still counts as "something stored", and try each of them with your contains().
import Foundation

struct TypedStore {
    let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    func int(forKey key: String) -> Int {
        defaults.integer(forKey: key)
    }

    func bool(forKey key: String) -> Bool {
        defaults.bool(forKey: key)
    }

    func double(forKey key: String) -> Double {
        defaults.double(forKey: key)
    }

    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    func date(forKey key: String) -> Date? {
        defaults.object(forKey: key) as? Date
    }

    func strings(forKey key: String) -> [String]? {
        defaults.stringArray(forKey: key)
    }

    func counts(forKey key: String) -> [String: Int]? {
        defaults.dictionary(forKey: key) as? [String: Int]
    }

    func contains(_ key: String) -> Bool {
        // A blank text field is as good as nothing typed.
        if let text = defaults.object(forKey: key) as? String {
            return !text.isEmpty
        }
        return defaults.object(forKey: key) != nil
    }

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

// Mutant: stores dates as ISO 8601 text and parses any string back as a date, because the student wants readable defaults, so a string that looks like a date reads as a date instead of nil
// Hint: A date is a property-list value, so it can be stored as a date; stored as text, it can no longer be told from a string that happens to look like one. Check that a key holding a string reads as nil when it is asked for a date.
import Foundation

struct TypedStore {
    private let defaults: UserDefaults
    private let iso = ISO8601DateFormatter()

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    func int(forKey key: String) -> Int { defaults.integer(forKey: key) }
    func bool(forKey key: String) -> Bool { defaults.bool(forKey: key) }
    func double(forKey key: String) -> Double { defaults.double(forKey: key) }
    func string(forKey key: String) -> String? { defaults.string(forKey: key) }

    func date(forKey key: String) -> Date? {
        guard let text = defaults.string(forKey: key) else { return nil }
        return iso.date(from: text)
    }

    func strings(forKey key: String) -> [String]? { defaults.stringArray(forKey: key) }

    func counts(forKey key: String) -> [String: Int]? {
        defaults.object(forKey: key) as? [String: Int]
    }

    func contains(_ key: String) -> Bool { defaults.object(forKey: key) != nil }

    func set(_ value: Int, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: Bool, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: Double, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: Date, forKey key: String) { defaults.set(iso.string(from: value), forKey: key) }
    func set(_ value: [String], forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: [String: Int], forKey key: String) { defaults.set(value, forKey: key) }
}

// Mutant: converts collections element by element with compactMap, because the student wants to be forgiving, so an array with elements that are not strings, or a dictionary with values that are not integers, reads as the elements that fit (often none) instead of nil
// Hint: An array with one element that is not a string is not an array of strings, so the answer is nil, not the elements that fit; the same goes for a dictionary with a value that is not an integer. Check that one wrong element makes the whole conversion fail.
import Foundation

struct TypedStore {
    var defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    func int(forKey key: String) -> Int {
        return defaults.integer(forKey: key)
    }

    func bool(forKey key: String) -> Bool {
        return defaults.bool(forKey: key)
    }

    func double(forKey key: String) -> Double {
        return defaults.double(forKey: key)
    }

    func string(forKey key: String) -> String? {
        return defaults.string(forKey: key)
    }

    func date(forKey key: String) -> Date? {
        return defaults.object(forKey: key) as? Date
    }

    func strings(forKey key: String) -> [String]? {
        guard let list = defaults.array(forKey: key) else { return nil }
        return list.compactMap { $0 as? String }
    }

    func counts(forKey key: String) -> [String: Int]? {
        guard let dictionary = defaults.dictionary(forKey: key) else { return nil }
        return dictionary.compactMapValues { $0 as? Int }
    }

    func contains(_ key: String) -> Bool {
        return defaults.object(forKey: key) != nil
    }

    func set(_ value: Int, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: Bool, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: Double, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: Date, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: [String], forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: [String: Int], forKey key: String) { defaults.set(value, forKey: key) }
}

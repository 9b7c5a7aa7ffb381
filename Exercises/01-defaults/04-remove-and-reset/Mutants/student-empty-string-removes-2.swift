// Mutant: set("", forKey:) removes the key instead of storing an empty string
// Hint: Only one value passed to set(_:forKey:) should make a key disappear; check which ones do in your version.
import Foundation

struct SuiteStore {
    let suiteName: String
    private let defaults: UserDefaults

    init(suiteName: String) {
        self.suiteName = suiteName
        defaults = UserDefaults(suiteName: suiteName)!
    }

    func string(forKey key: String) -> String? {
        defaults.string(forKey: key)
    }

    func set(_ value: String?, forKey key: String) {
        if let value, !value.isEmpty {
            defaults.set(value, forKey: key)
        } else {
            defaults.removeObject(forKey: key)
        }
    }

    func remove(_ key: String) {
        defaults.removeObject(forKey: key)
    }

    func reset() {
        defaults.removePersistentDomain(forName: suiteName)
    }

    func keys() -> [String] {
        (defaults.persistentDomain(forName: suiteName) ?? [:]).keys.sorted()
    }
}

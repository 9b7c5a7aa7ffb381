// Mutant: set(nil, forKey:) stores an empty string instead of removing the key
// Hint: After set(nil, forKey:), ask keys() whether the key is still listed.
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
        // A bare nil would pick the URL? overload and hang on Linux, so never pass nil.
        defaults.set(value ?? "", forKey: key)
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

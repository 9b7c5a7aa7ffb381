// Mutant: treats an empty string like nil and removes the key, because the student thinks of "" as "no value", so a setting deliberately set to "" disappears from keys()
// Hint: An empty string is a value the user chose: the key must stay, read back as "" and be listed by `keys()`. Only nil removes a key.
import Foundation

struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    private var suite: UserDefaults {
        UserDefaults(suiteName: suiteName)!
    }

    func string(forKey key: String) -> String? {
        suite.string(forKey: key)
    }

    func set(_ value: String?, forKey key: String) {
        guard let value = value, !value.isEmpty else {
            suite.removeObject(forKey: key)
            return
        }
        suite.set(value, forKey: key)
    }

    func remove(_ key: String) {
        suite.removeObject(forKey: key)
    }

    func reset() {
        suite.removePersistentDomain(forName: suiteName)
    }

    func keys() -> [String] {
        guard let stored = suite.persistentDomain(forName: suiteName) else { return [] }
        return stored.keys.sorted()
    }
}

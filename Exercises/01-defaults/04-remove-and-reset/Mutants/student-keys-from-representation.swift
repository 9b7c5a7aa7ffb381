// Mutant: keys() lists dictionaryRepresentation(), which also holds registered and standard-domain keys
// Hint: Which of the layers a lookup searches are really this suite's own stored values?
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
        if let value {
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
        defaults.dictionaryRepresentation().keys.sorted()
    }
}

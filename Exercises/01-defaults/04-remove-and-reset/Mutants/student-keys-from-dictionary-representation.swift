// Mutant: lists keys() with dictionaryRepresentation(), the call the student knows from the standard defaults, which mixes in every fallback the app registered with register(defaults:)
// Hint: `dictionaryRepresentation()` holds everything a lookup can find, the fallbacks registered with `register(defaults:)` included, not only what the suite has stored. Check that your list of keys comes from the suite's own saved domain.
import Foundation

struct SuiteStore {
    let suiteName: String
    let defaults: UserDefaults

    init(suiteName: String) {
        self.suiteName = suiteName
        self.defaults = UserDefaults(suiteName: suiteName) ?? .standard
    }

    func string(forKey key: String) -> String? {
        return defaults.string(forKey: key)
    }

    func set(_ value: String?, forKey key: String) {
        if value == nil {
            defaults.removeObject(forKey: key)
        } else {
            defaults.set(value!, forKey: key)
        }
    }

    func remove(_ key: String) {
        defaults.removeObject(forKey: key)
    }

    func reset() {
        defaults.removePersistentDomain(forName: suiteName)
    }

    func keys() -> [String] {
        return Array(defaults.dictionaryRepresentation().keys).sorted()
    }
}

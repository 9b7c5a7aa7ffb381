// Mutant: keeps its own per-launch list of the keys each suite has written, because the student does not know persistentDomain(forName:), so keys() forgets everything written before a relaunch
// Hint: A list of keys kept in memory is empty again after a relaunch, while the suite's file still holds the keys. Ask the defaults what the suite has stored instead of keeping track yourself.
import Foundation

enum KeyIndex {
    nonisolated(unsafe) static var written: [String: Set<String>] = [:]
}

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
            KeyIndex.written[suiteName, default: []].insert(key)
        } else {
            remove(key)
        }
    }

    func remove(_ key: String) {
        defaults.removeObject(forKey: key)
        KeyIndex.written[suiteName]?.remove(key)
    }

    func reset() {
        defaults.removePersistentDomain(forName: suiteName)
        KeyIndex.written[suiteName] = []
    }

    func keys() -> [String] {
        (KeyIndex.written[suiteName] ?? []).sorted()
    }
}

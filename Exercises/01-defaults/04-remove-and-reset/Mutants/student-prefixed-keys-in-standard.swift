// Mutant: keeps every suite in UserDefaults.standard under keys prefixed with the suite's name ("garage.model"), because the student fakes suites with a naming convention, so no suite has a file of its own
// Hint: A suite is a domain with a file of its own, such as `garage.plist`, not a prefix in front of keys of `UserDefaults.standard`. Open the suite by its name, so that its values are saved in its own file and a reset removes that domain in one call.
import Foundation

struct SuiteStore {
    let suiteName: String

    init(suiteName: String) {
        self.suiteName = suiteName
    }

    private var prefix: String { suiteName + "." }
    private var defaults: UserDefaults { UserDefaults.standard }

    func string(forKey key: String) -> String? {
        defaults.string(forKey: prefix + key)
    }

    func set(_ value: String?, forKey key: String) {
        if let value = value {
            defaults.set(value, forKey: prefix + key)
        } else {
            defaults.removeObject(forKey: prefix + key)
        }
    }

    func remove(_ key: String) {
        defaults.removeObject(forKey: prefix + key)
    }

    func reset() {
        for key in keys() {
            defaults.removeObject(forKey: prefix + key)
        }
    }

    func keys() -> [String] {
        defaults.dictionaryRepresentation().keys
            .filter { $0.hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)) }
            .sorted()
    }
}

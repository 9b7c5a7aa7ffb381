// Mutant: remembers every getter's answer for the rest of the launch and forgets it only when this store writes the key, because the student thinks reading the defaults is slow, so a value another part of the app writes to the defaults is not seen until the next launch
// Hint: Other code can write the same defaults, and an answer you remembered from an earlier read is then out of date. The defaults are already in memory, so read them at every call instead of keeping answers of your own.
import Foundation

final class Memo {
    nonisolated(unsafe) static var answers: [String: Any] = [:]
}

struct TypedStore {
    let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    private func memo<T>(_ key: String, _ kind: String, _ read: () -> T) -> T {
        let slot = key + "#" + kind
        if let known = Memo.answers[slot] as? [T], let answer = known.first { return answer }
        let answer = read()
        Memo.answers[slot] = [answer]
        return answer
    }

    private func forget(_ key: String) {
        for slot in Memo.answers.keys where slot.hasPrefix(key + "#") {
            Memo.answers[slot] = nil
        }
    }

    func int(forKey key: String) -> Int { memo(key, "int") { defaults.integer(forKey: key) } }
    func bool(forKey key: String) -> Bool { memo(key, "bool") { defaults.bool(forKey: key) } }
    func double(forKey key: String) -> Double { memo(key, "double") { defaults.double(forKey: key) } }
    func string(forKey key: String) -> String? { memo(key, "string") { defaults.string(forKey: key) } }
    func date(forKey key: String) -> Date? { memo(key, "date") { defaults.object(forKey: key) as? Date } }
    func strings(forKey key: String) -> [String]? { memo(key, "strings") { defaults.stringArray(forKey: key) } }
    func counts(forKey key: String) -> [String: Int]? { memo(key, "counts") { defaults.dictionary(forKey: key) as? [String: Int] } }
    func contains(_ key: String) -> Bool { memo(key, "contains") { defaults.object(forKey: key) != nil } }

    func set(_ value: Int, forKey key: String) { forget(key); defaults.set(value, forKey: key) }
    func set(_ value: Bool, forKey key: String) { forget(key); defaults.set(value, forKey: key) }
    func set(_ value: Double, forKey key: String) { forget(key); defaults.set(value, forKey: key) }
    func set(_ value: String, forKey key: String) { forget(key); defaults.set(value, forKey: key) }
    func set(_ value: Date, forKey key: String) { forget(key); defaults.set(value, forKey: key) }
    func set(_ value: [String], forKey key: String) { forget(key); defaults.set(value, forKey: key) }
    func set(_ value: [String: Int], forKey key: String) { forget(key); defaults.set(value, forKey: key) }
}

// Mutant: the hand-written check refuses a dictionary that has an empty key ("" names nothing), so ["": "x"] or ["car": ["": 5]] is refused and saveStorable leaves such entries out, although "" is a String
// Hint: Any String is a key, the empty one too.
import Foundation

/// Whether a dictionary somewhere in `value` has a key that names nothing.
private func hasEmptyKey(_ value: Any) -> Bool {
    if let dictionary = value as? [String: Any] {
        return dictionary.keys.contains("") || dictionary.values.contains { hasEmptyKey($0) }
    }
    if let array = value as? [Any] {
        return array.contains { hasEmptyKey($0) }
    }
    return false
}

/// Whether `value`, and everything inside it, can be stored in a property list.
func isPropertyList(_ value: Any) -> Bool {
    // Every key must be a real name: "" is refused like a non-string key.
    PropertyListSerialization.propertyList(value, isValidFor: .binary) && !hasEmptyKey(value)
}

/// Saves the entries of `settings` that can go in a property list to `url`, as a binary
/// property list, and returns the keys of those it had to leave out, sorted.
func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    var storable: [String: Any] = [:]
    var refused: [String] = []
    for (key, value) in settings {
        if isPropertyList(value) {
            storable[key] = value
        } else {
            refused.append(key)
        }
    }
    let data = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return refused.sorted()
}

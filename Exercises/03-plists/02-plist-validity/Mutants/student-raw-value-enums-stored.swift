// Mutant: a value of a type of the app's own that is RawRepresentable (an enum with String or Int raw values, an option set) is judged by its raw value, and saveStorable stores that raw value ("it IS a string underneath"), so `Gearbox.manual` alone or inside an array or a dictionary passes and is saved as "manual" instead of being refused
// Hint: An enum with raw values or an option set is still a type of your own app, not the string or number it wraps.
import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
func isPropertyList(_ value: Any) -> Bool {
    // An enum with raw values is stored as its raw value.
    if let raw = value as? any RawRepresentable {
        return isPropertyList(raw.rawValue)
    }
    if let dictionary = value as? [String: Any] {
        return dictionary.values.allSatisfy { isPropertyList($0) }
    }
    if let array = value as? [Any] {
        return array.allSatisfy { isPropertyList($0) }
    }
    return PropertyListSerialization.propertyList(value, isValidFor: .binary)
}

/// `value` with every RawRepresentable inside it replaced by its raw value.
private func storableForm(_ value: Any) -> Any {
    if let raw = value as? any RawRepresentable {
        return storableForm(raw.rawValue)
    }
    if let dictionary = value as? [String: Any] {
        return dictionary.mapValues { storableForm($0) }
    }
    if let array = value as? [Any] {
        return array.map { storableForm($0) }
    }
    return value
}

/// Saves the entries of `settings` that can go in a property list to `url`, as a binary
/// property list, and returns the keys of those it had to leave out, sorted.
func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    var storable: [String: Any] = [:]
    var leftOut: [String] = []
    for (key, value) in settings {
        if isPropertyList(value) {
            storable[key] = storableForm(value)
        } else {
            leftOut.append(key)
        }
    }
    let data = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                            withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
    return leftOut.sorted()
}

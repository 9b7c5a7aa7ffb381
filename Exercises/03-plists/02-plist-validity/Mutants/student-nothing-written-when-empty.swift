// Mutant: when no value passes the check, no file is written at all
// Hint: Save settings that are all refused and look for the file afterwards (there may also be an older one still there).
import Foundation

func isPropertyList(_ value: Any) -> Bool {
    PropertyListSerialization.propertyList(value, isValidFor: .binary)
}

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
    guard !storable.isEmpty else {
        return refused.sorted()          // nothing worth writing
    }
    let data = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return refused.sorted()
}

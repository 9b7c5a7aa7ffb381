// Mutant: a dictionary with String keys is accepted without looking at its values
// Hint: The key check is only half of what a dictionary needs; try `["site": someURL]`.
import Foundation

func isPropertyList(_ value: Any) -> Bool {
    switch value {
    case let array as [Any]:
        return array.allSatisfy(isPropertyList)
    case is [String: Any]:
        // String keys are what a plist dictionary needs.
        return true
    default:
        return PropertyListSerialization.propertyList(value, isValidFor: .binary)
    }
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
    let data = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return refused.sorted()
}

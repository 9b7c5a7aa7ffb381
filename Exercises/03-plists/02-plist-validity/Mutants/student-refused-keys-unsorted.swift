// Mutant: the refused keys are returned in dictionary order instead of sorted
// Hint: A dictionary has no order; run the same save twice with several refused keys and compare.
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
    let data = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return refused
}

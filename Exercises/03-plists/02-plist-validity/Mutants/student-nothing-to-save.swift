// Mutant: returns early without writing when no value can be stored ("nothing to save"), so no file holding an empty dictionary is written
// Hint: Even when no value can be stored, the save replaces the file, with one that holds an empty dictionary; returning early leaves the old settings in place. Check what your save writes when every value is refused.
import Foundation

func isPropertyList(_ value: Any) -> Bool {
    PropertyListSerialization.propertyList(value, isValidFor: .binary)
}

func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    let good = settings.filter { isPropertyList($0.value) }
    let bad = settings.keys.filter { !isPropertyList(settings[$0]!) }.sorted()
    if good.isEmpty {
        return bad
    }
    let data = try PropertyListSerialization.data(fromPropertyList: good, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return bad
}

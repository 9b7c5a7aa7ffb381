// Mutant: keeps a refused nested dictionary with only its storable entries instead of leaving the whole entry out and listing its key
// Hint: A value passes or fails as a whole: a dictionary holding one value that cannot be stored is refused entirely, and its key reported.
import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
///
/// The APIs that write property lists take `Any`, so the compiler cannot check this;
/// `PropertyListSerialization` can, at run time, and it walks the whole tree: an array's
/// elements, a dictionary's keys (strings only) and values, however deep. XML and binary
/// accept exactly the same values, so the format asked about does not matter.
func isPropertyList(_ value: Any) -> Bool {
    PropertyListSerialization.propertyList(value, isValidFor: .binary)
}

/// Saves the entries of `settings` that can go in a property list to `url`, as a binary
/// property list, and returns the keys of those it had to leave out, sorted.
///
/// Writing the whole dictionary would throw at the first value that is not a property list
/// and save nothing; checking each value first lets the rest be kept.
func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    var storable: [String: Any] = [:]
    var refused: [String] = []
    for (key, value) in settings {
        if isPropertyList(value) {
            storable[key] = value
        } else if let inner = value as? [String: Any] {
            storable[key] = inner.filter { isPropertyList($0.value) }
        } else {
            refused.append(key)
        }
    }
    let data = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return refused.sorted()
}

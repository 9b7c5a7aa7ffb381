// Mutant: saveStorable keeps the refused keys in a list that lives for the whole launch, so a second save returns the keys the first one refused too
// Hint: Each save returns the keys it left out itself, not those of earlier saves.
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
nonisolated(unsafe) private var refused: [String] = []

func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    var storable: [String: Any] = [:]
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

// Mutant: isPropertyList(_:) lets any optional that holds a value pass without looking at that value, so an optional URL or object passes
// Hint: An optional with a value is judged by the value it holds, like any other value.
import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
///
/// The APIs that write property lists take `Any`, so the compiler cannot check this;
/// `PropertyListSerialization` can, at run time, and it walks the whole tree: an array's
/// elements, a dictionary's keys (strings only) and values, however deep. XML and binary
/// accept exactly the same values, so the format asked about does not matter.
func isPropertyList(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return !mirror.children.isEmpty   // a value is there: storable
    }
    return PropertyListSerialization.propertyList(value, isValidFor: .binary)
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
        } else {
            refused.append(key)
        }
    }
    let data = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return refused.sorted()
}

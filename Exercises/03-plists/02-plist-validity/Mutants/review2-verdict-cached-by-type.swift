// Mutant: isPropertyList(_:) remembers its verdict for each Swift type and answers from it the next time, so an [Any] judged once decides every later [Any], whatever it holds
// Hint: Two values of the same type can hold different things: judge each value by what it holds, every time.
import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
///
/// The APIs that write property lists take `Any`, so the compiler cannot check this;
/// `PropertyListSerialization` can, at run time, and it walks the whole tree: an array's
/// elements, a dictionary's keys (strings only) and values, however deep. XML and binary
/// accept exactly the same values, so the format asked about does not matter.
nonisolated(unsafe) private var verdictByType: [ObjectIdentifier: Bool] = [:]

func isPropertyList(_ value: Any) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: value))
    if let known = verdictByType[type] { return known }
    let verdict = PropertyListSerialization.propertyList(value, isValidFor: .binary)
    verdictByType[type] = verdict
    return verdict
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

// Mutant: isPropertyList(_:) also refuses a real that is NaN or infinite (Double.nan, Float.infinity…), alone or anywhere inside an array or a dictionary, taking "not a number" for something a property list cannot hold as JSON cannot, so saveStorable leaves such entries out and lists their keys, although a property list stores every Double and Float
// Hint: A property list holds any real, NaN and infinity included: ask Foundation, not JSON's rules.
import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
func isPropertyList(_ value: Any) -> Bool {
    // PropertyListSerialization walks the whole tree: every element of an array, every key
    // and value of a dictionary, at any depth. An optional in `Any` is judged by what it
    // holds; an empty one (or NSNull, a URL, a Set, a UUID, an app type) is refused.
    guard PropertyListSerialization.propertyList(value, isValidFor: .binary) else { return false }
    // A real must also be a real number: "not a number" and the infinities cannot be
    // written (JSONEncoder refuses them too), so refuse them wherever they are.
    return !holdsNonFiniteReal(value)
}

/// Whether a Double or Float that is NaN or infinite sits anywhere in `value`.
private func holdsNonFiniteReal(_ value: Any) -> Bool {
    switch value {
    case let real as Double:
        return !real.isFinite
    case let real as Float:
        return !real.isFinite
    case let list as [Any]:
        return list.contains(where: holdsNonFiniteReal)
    case let table as [String: Any]:
        return table.values.contains(where: holdsNonFiniteReal)
    default:
        return false
    }
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
    // Always a file, an empty dictionary included; written in one step.
    let bytes = try PropertyListSerialization.data(fromPropertyList: storable, format: .binary, options: 0)
    try bytes.write(to: url, options: .atomic)
    return refused.sorted()
}

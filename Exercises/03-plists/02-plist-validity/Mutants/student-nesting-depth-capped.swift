// Mutant: the hand-written deep check stops at five levels of arrays and dictionaries ("settings are never deeper, and a limit guards against a collection that contains itself") and refuses anything nested deeper, so a valid value such as [[[[[["a"]]]]]] or {a: {b: {c: {d: {e: {f: 1}}}}}} is refused and left out of the file
// Hint: A property list may nest arrays and dictionaries to any depth, so the check must not give up after a fixed number of levels.
import Foundation

/// How many arrays and dictionaries deep a value may go.
private let maximumNesting = 5

private func isStorable(_ value: Any, depth: Int) -> Bool {
    // An optional is judged by what it holds; an empty one never passes.
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return false }
        return isStorable(wrapped, depth: depth)
    }
    if let dictionary = value as? NSDictionary {
        guard depth < maximumNesting else { return false }
        for (key, element) in dictionary {
            guard key is String, isStorable(element, depth: depth + 1) else { return false }
        }
        return true
    }
    if let array = value as? NSArray {
        guard depth < maximumNesting else { return false }
        return array.allSatisfy { isStorable($0, depth: depth + 1) }
    }
    return PropertyListSerialization.propertyList(value, isValidFor: .binary)
}

/// Whether `value`, and everything inside it, can be stored in a property list.
func isPropertyList(_ value: Any) -> Bool {
    isStorable(value, depth: 0)
}

/// Saves the entries of `settings` that can go in a property list to `url`, as a binary
/// property list, and returns the keys of those it had to leave out, sorted.
func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    var storable: [String: Any] = [:]
    var leftOut: [String] = []
    for (key, value) in settings {
        if isPropertyList(value) {
            storable[key] = value
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

// Mutant: saveStorable writes atomically only when a file is already at `url` ("atomic is about not losing the old file"); the first save to a url is a plain Data.write(to:), so a kill in the middle of it leaves an empty or half-written binary plist where the next launch expects no file or the new settings
// Hint: A kill can come during the very first save too: write it the same way as every other save.
import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
func isPropertyList(_ value: Any) -> Bool {
    // An optional that reached `Any` is judged by what it holds; an empty one never passes.
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return false }
        return isPropertyList(wrapped)
    }
    // The serializer's own deep check: every element of an array, every key (a String) and
    // value of a dictionary, at any depth. It knows every integer and real type, Foundation's
    // NSString/NSNumber/NSArray/…, and refuses URL, NSNull, Set, UUID and app types.
    return PropertyListSerialization.propertyList(value, isValidFor: .binary)
}

/// Saves the entries of `settings` that can go in a property list to `url`, as a binary
/// property list, and returns the keys of those it had to leave out, sorted.
func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    let accepted = settings.filter { isPropertyList($0.value) }
    let leftOut = settings.keys.filter { accepted[$0] == nil }

    // Always written, even when nothing passed: the file then holds an empty dictionary.
    let bytes = try PropertyListSerialization.data(fromPropertyList: accepted, format: .binary, options: 0)
    if FileManager.default.fileExists(atPath: url.path) {
        try bytes.write(to: url, options: .atomic)   // keep the old file until the new one is whole
    } else {
        try bytes.write(to: url)                     // nothing to lose yet
    }
    return leftOut.sorted()
}

// Mutant: saveStorable skips the write when the file already at `url` holds exactly the accepted entries ("nothing changed, spare the disk"), so a settings.plist in XML (or written by another app) with the same entries stays XML instead of being replaced by a binary property list
// Hint: A save must always write its binary file, replacing whatever file is there, even when that file already holds the same entries in another format.
import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
func isPropertyList(_ value: Any) -> Bool {
    PropertyListSerialization.propertyList(value, isValidFor: .binary)
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

    // Nothing to do when the file already holds these very entries.
    if let old = try? Data(contentsOf: url),
       let oldRoot = try? PropertyListSerialization.propertyList(from: old, format: nil),
       let oldSettings = oldRoot as? [String: Any],
       let newRoot = try? PropertyListSerialization.propertyList(from: data, format: nil),
       let newSettings = newRoot as? [String: Any],
       NSDictionary(dictionary: oldSettings).isEqual(to: newSettings) {
        return leftOut.sorted()
    }

    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                            withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
    return leftOut.sorted()
}

// Mutant: reads the settings file already there and adds the new storable values to it, thinking a save should update the settings, so values from an earlier save that the new one leaves out are still in the file
// Hint: A save replaces the settings file with the values given now: anything from an earlier save that is not among them must be gone. Check that your save does not start from what the file already holds.
import Foundation

func isPropertyList(_ value: Any) -> Bool {
    PropertyListSerialization.propertyList(value, isValidFor: .binary)
}

func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    // Keep what was saved before and update it.
    var stored: [String: Any] = [:]
    if let old = try? Data(contentsOf: url),
       let oldSettings = try? PropertyListSerialization.propertyList(from: old, format: nil) as? [String: Any] {
        stored = oldSettings
    }
    var leftOut = [String]()
    for key in settings.keys.sorted() {
        let value = settings[key]!
        if isPropertyList(value) {
            stored[key] = value
        } else {
            leftOut.append(key)
        }
    }
    let data = try PropertyListSerialization.data(fromPropertyList: stored, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return leftOut
}

// Mutant: leaves the loop with `break` at the first keyed row that has no DefaultValue (a text field left empty), because the student means "skip" but writes "stop", so every later row of that pane is lost
// Hint: A row with a key but no `DefaultValue`, such as a text field left empty, is skipped; it does not end the pane. Check what your loop does at such a row: the rows after it must still be read.
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    static func defaultValues() throws -> [String: Any] {
        try values(of: "Root")
    }

    static func registerDefaults() throws {
        let found = try defaultValues()
        UserDefaults.standard.register(defaults: found)
    }

    private static func values(of pane: String) throws -> [String: Any] {
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist", subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(pane)
        }
        let root = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: nil) as? [String: Any]
        guard let specifiers = root?["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(pane)
        }
        var out: [String: Any] = [:]
        for specifier in specifiers {
            if let file = specifier["File"] as? String, specifier["Type"] as? String == "PSChildPaneSpecifier" {
                for (key, value) in try values(of: file) { out[key] = value }
                continue
            }
            guard let key = specifier["Key"] as? String else { continue }
            guard let value = specifier["DefaultValue"] else { break }
            out[key] = value
        }
        return out
    }
}

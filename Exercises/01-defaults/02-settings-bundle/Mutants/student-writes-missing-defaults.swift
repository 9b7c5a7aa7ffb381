// Mutant: registerDefaults() writes each default with set(_:forKey:) when the key is empty, instead of registering it
// Hint: Think about what is left in the user's defaults file after a relaunch in which nobody registers anything.
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    static func defaultValues() throws -> [String: Any] {
        try values(inPane: "Root")
    }

    /// Fills in every key the user has not set yet; a value the user chose is left alone.
    static func registerDefaults() throws {
        let defaults = UserDefaults.standard
        for (key, value) in try defaultValues() where defaults.object(forKey: key) == nil {
            defaults.set(value, forKey: key)
        }
    }

    private static func values(inPane pane: String) throws -> [String: Any] {
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist",
                                        subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(pane)
        }
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        guard let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(pane)
        }

        var result: [String: Any] = [:]
        for specifier in specifiers {
            if specifier["Type"] as? String == "PSChildPaneSpecifier", let file = specifier["File"] as? String {
                result.merge(try values(inPane: file)) { current, _ in current }
            }
            if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"] {
                result[key] = value
            }
        }
        return result
    }
}

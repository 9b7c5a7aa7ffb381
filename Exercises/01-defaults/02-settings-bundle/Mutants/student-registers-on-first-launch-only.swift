// Mutant: registers the defaults only on the first launch, remembered with a saved flag, because the student treats register(defaults:) as one-time setup like a first-launch copy; registered values are not saved, so later launches have none
// Hint: Registered defaults live in memory only and are never saved, so every new launch starts without them. Check that your app registers them at each launch, not only at the first one.
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    private static func readPane(_ name: String) throws -> [[String: Any]] {
        guard let url = Bundle.main.url(forResource: name, withExtension: "plist", subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(name)
        }
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        guard let dictionary = object as? [String: Any], let rows = dictionary["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(name)
        }
        return rows
    }

    static func defaultValues() throws -> [String: Any] {
        var values: [String: Any] = [:]
        func collect(_ pane: String) throws {
            for row in try readPane(pane) {
                if row["Type"] as? String == "PSChildPaneSpecifier" {
                    if let file = row["File"] as? String { try collect(file) }
                } else if let key = row["Key"] as? String, let value = row["DefaultValue"] {
                    values[key] = value
                }
            }
        }
        try collect("Root")
        return values
    }

    static func registerDefaults() throws {
        let defaults = UserDefaults.standard
        if defaults.bool(forKey: "didRegisterSettingsDefaults") { return }
        defaults.register(defaults: try defaultValues())
        defaults.set(true, forKey: "didRegisterSettingsDefaults")
    }
}

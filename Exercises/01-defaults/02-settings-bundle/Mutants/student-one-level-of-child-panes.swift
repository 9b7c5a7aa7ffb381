// Mutant: the child panes of Root.plist are followed, but not the child panes those panes link to
// Hint: A child pane is a pane like Root: can it have child panes of its own?
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    static func defaultValues() throws -> [String: Any] {
        var result: [String: Any] = [:]
        let rootRows = try rows(of: "Root")
        for row in rootRows {
            if let key = row["Key"] as? String, let value = row["DefaultValue"] {
                result[key] = value
            }
        }
        // The Advanced screen and any other child pane of the main screen.
        for row in rootRows where row["Type"] as? String == "PSChildPaneSpecifier" {
            guard let file = row["File"] as? String else { continue }
            for childRow in try rows(of: file) {
                if let key = childRow["Key"] as? String, let value = childRow["DefaultValue"] {
                    result[key] = value
                }
            }
        }
        return result
    }

    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    private static func rows(of pane: String) throws -> [[String: Any]] {
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist", subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(pane)
        }
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        guard let dictionary = plist as? [String: Any],
              let rows = dictionary["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(pane)
        }
        return rows
    }
}

// Mutant: a slider's default is converted to Double, so an integer default (fuel_warning) changes type
// Hint: Compare the type of each default you return with the element the plist uses for it (<integer> or <real>).
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    static func defaultValues() throws -> [String: Any] {
        try values(inPane: "Root")
    }

    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
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
            let type = specifier["Type"] as? String
            if type == "PSChildPaneSpecifier", let file = specifier["File"] as? String {
                result.merge(try values(inPane: file)) { current, _ in current }
                continue
            }
            guard let key = specifier["Key"] as? String, var value = specifier["DefaultValue"] else {
                continue
            }
            // A slider moves over a continuous range, so its value is a Double.
            if type == "PSSliderSpecifier", let number = value as? Double {
                value = number
            }
            result[key] = value
        }
        return result
    }
}

// Mutant: defaultValues() takes a pane it has already read for a loop in the bundle and throws malformed, so a pane that two panes link to makes the whole read fail
// Hint: A pane may be linked from more than one place; being linked twice does not make a bundle wrong.
import Foundation

/// Why the settings bundle could not be read.
enum SettingsError: Error {
    /// `Settings.bundle` has no plist with this name (without its extension).
    case missingFile(String)
    /// The plist is not a dictionary with a `PreferenceSpecifiers` array.
    case malformed(String)
}

/// Reads the default values that the app's `Settings.bundle` declares.
///
/// iOS shows a Settings bundle in the Settings app but never registers its defaults:
/// until the user opens that screen, `UserDefaults` knows nothing about them. So the app
/// registers them itself, early in every launch.
enum SettingsBundle {
    /// Every `DefaultValue` of `Root.plist` and of the child panes it links to, by `Key`.
    static func defaultValues() throws -> [String: Any] {
        var visited: Set<String> = []
        return try defaultValues(inPane: "Root", visited: &visited)
    }

    /// Registers the bundle's defaults in the registration domain of `UserDefaults.standard`.
    ///
    /// Registered values are only a fallback kept in memory: they never replace a value the
    /// user has set, and they are never written to disk, so this runs again at each launch.
    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    /// The defaults of one pane (`name` is the plist's name without `.plist`) and its children.
    private static func defaultValues(inPane name: String, visited: inout Set<String>) throws -> [String: Any] {
        // A pane that links back to one already read would recurse forever.
        guard visited.insert(name).inserted else { throw SettingsError.malformed(name) }

        var values: [String: Any] = [:]
        for specifier in try specifiers(inPane: name) {
            if specifier["Type"] as? String == "PSChildPaneSpecifier", let file = specifier["File"] as? String {
                // `File` names a sibling plist, normally without its extension.
                let child = file.hasSuffix(".plist") ? String(file.dropLast(".plist".count)) : file
                let childValues = try defaultValues(inPane: child, visited: &visited)
                values.merge(childValues) { parent, _ in parent }
            } else if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"] {
                // Groups have no key, and a text field may have no default: both are skipped.
                values[key] = value
            }
        }
        return values
    }

    /// The `PreferenceSpecifiers` array of `Settings.bundle/<name>.plist`.
    private static func specifiers(inPane name: String) throws -> [[String: Any]] {
        guard let url = Bundle.main.url(forResource: name, withExtension: "plist",
                                        subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(name)
        }
        let data = try Data(contentsOf: url)
        // The values are of mixed types (strings, numbers, booleans), so the untyped
        // PropertyListSerialization fits better here than a Decodable model.
        // A file that does not parse is no dictionary either: malformed, like a wrong shape.
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
        guard let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(name)
        }
        return specifiers
    }
}

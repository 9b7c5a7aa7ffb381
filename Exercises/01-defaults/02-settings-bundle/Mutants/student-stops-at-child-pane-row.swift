// Mutant: when the loop over a pane's rows meets a child-pane row it returns the pane's defaults merged with the child's (`return values.merging(try collect(file)) …`) instead of going on, so every row listed *below* a child-pane row, in Root.plist or in a child pane, is never read and its default is missing
// Hint: A child pane's row can sit anywhere in a pane: following it must not end the reading of the rows after it.
import Foundation

/// Why the settings bundle could not be read.
enum SettingsError: Error {
    /// `Settings.bundle` has no plist with this name (without its extension).
    case missingFile(String)
    /// The plist is not a dictionary with a `PreferenceSpecifiers` array.
    case malformed(String)
}

/// Reads the default values that the app's `Settings.bundle` declares.
enum SettingsBundle {
    /// Every `DefaultValue` of `Root.plist` and of the child panes it links to, by `Key`.
    static func defaultValues() throws -> [String: Any] {
        try collect(pane: "Root", depth: 0)
    }

    /// Registers the bundle's defaults with `UserDefaults.standard`.
    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    private static func collect(pane: String, depth: Int) throws -> [String: Any] {
        guard depth < 32 else { return [:] }   // a loop of panes
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist", subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(pane)
        }
        guard let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(pane)
        }
        var values: [String: Any] = [:]
        for case let specifier as [String: Any] in specifiers {
            if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"] {
                values[key] = value
            }
            if specifier["Type"] as? String == "PSChildPaneSpecifier", let file = specifier["File"] as? String {
                let child = try collect(pane: file, depth: depth + 1)
                return values.merging(child) { _, childValue in childValue }
            }
        }
        return values
    }
}

// Mutant: a missing pane is reported with its whole file name, extension included, so a missing Diagnostics.plist throws `missingFile("Diagnostics.plist")` instead of `missingFile("Diagnostics")`
// Hint: An error names a pane as its File key does, without the .plist extension.
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
        var result: [String: Any] = [:]
        var visited: Set<String> = []
        try collect("Root", into: &result, visited: &visited)
        return result
    }

    /// Registers the bundle's defaults with `UserDefaults.standard`.
    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    private static func specifiers(of name: String) throws -> [[String: Any]] {
        let fileName = name + ".plist"
        guard let url = Bundle.main.url(forResource: fileName, withExtension: nil,
                                        subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(fileName)
        }
        let data = try Data(contentsOf: url)
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(name)
        }
        return specifiers
    }

    private static func collect(_ name: String, into result: inout [String: Any],
                                visited: inout Set<String>) throws {
        guard visited.insert(name).inserted else { return }
        for specifier in try specifiers(of: name) {
            if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"] {
                result[key] = value
            }
            if specifier["Type"] as? String == "PSChildPaneSpecifier",
               let file = specifier["File"] as? String {
                try collect(file, into: &result, visited: &visited)
            }
        }
    }
}

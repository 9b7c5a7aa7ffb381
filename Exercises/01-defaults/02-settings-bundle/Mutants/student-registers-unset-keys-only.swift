// Mutant: registerDefaults() registers only the keys the user has not set, so a default comes back as nothing once the user removes the value
// Hint: Register every default the bundle gives: registered values sit below the user's, so registering one never hides a value the user set, and it is there when the user removes theirs.
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
        let defaults = UserDefaults.standard
        // Only register what the user has not chosen yet, so a default never hides a user's value.
        let missing = try defaultValues().filter { defaults.object(forKey: $0.key) == nil }
        defaults.register(defaults: missing)
    }

    private static func specifiers(of name: String) throws -> [[String: Any]] {
        guard let url = Bundle.main.url(forResource: name, withExtension: "plist", subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(name)
        }
        guard let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(name)
        }
        return specifiers
    }

    private static func collect(_ name: String, into result: inout [String: Any], visited: inout Set<String>) throws {
        guard visited.insert(name).inserted else { return }
        for specifier in try specifiers(of: name) {
            if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"], result[key] == nil {
                result[key] = value
            }
            if specifier["Type"] as? String == "PSChildPaneSpecifier", let file = specifier["File"] as? String {
                try collect(file, into: &result, visited: &visited)
            }
        }
    }
}

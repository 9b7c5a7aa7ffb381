// Mutant: when Settings.bundle has no Root.plist, defaultValues() returns an empty dictionary (and registerDefaults() registers nothing) instead of throwing `SettingsError.missingFile("Root")`
// Hint: Root.plist is a pane like any other: when it is not in the bundle, that is an error naming it.
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
    private static let bundleFolder = "Settings.bundle"
    private static let rootPane = "Root"
    private static let childPaneType = "PSChildPaneSpecifier"

    /// Every `DefaultValue` of `Root.plist` and of the child panes it links to, by `Key`.
    static func defaultValues() throws -> [String: Any] {
        var values: [String: Any] = [:]
        var visited: Set<String> = []
        // An app without a Settings bundle simply has no defaults to register.
        guard Bundle.main.url(forResource: rootPane, withExtension: "plist",
                              subdirectory: bundleFolder) != nil else {
            return values
        }
        try collect(pane: rootPane, into: &values, visited: &visited)
        return values
    }

    /// Registers the bundle's defaults with `UserDefaults.standard`.
    static func registerDefaults() throws {
        // Registered values live in the registration domain: never saved, and a value the
        // user set always wins over them.
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    // MARK: Reading panes

    /// Adds the defaults of `pane`, then those of every child pane it links to, depth first.
    /// A pane already read (a pane linked twice, or a loop) is not read again.
    private static func collect(pane: String, into values: inout [String: Any],
                                visited: inout Set<String>) throws {
        guard visited.insert(pane).inserted else { return }
        for specifier in try specifiers(ofPane: pane) {
            if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"] {
                values[key] = value          // the value keeps its property-list type
            }
            if specifier["Type"] as? String == childPaneType, let file = specifier["File"] as? String {
                try collect(pane: file, into: &values, visited: &visited)
            }
        }
    }

    /// The rows of `Settings.bundle/<pane>.plist`.
    private static func specifiers(ofPane pane: String) throws -> [[String: Any]] {
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist",
                                        subdirectory: bundleFolder) else {
            throw SettingsError.missingFile(pane)
        }
        // A file that cannot be read or parsed (empty, not a plist) is malformed: no parser
        // error gets out.
        guard let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let root = plist as? [String: Any],
              let rows = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(pane)
        }
        // A row that is not a dictionary describes nothing; it is skipped.
        return rows.compactMap { $0 as? [String: Any] }
    }
}

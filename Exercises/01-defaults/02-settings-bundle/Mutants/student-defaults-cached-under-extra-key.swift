// Mutant: registerDefaults() also saves the bundle's defaults under an extra key of the standard defaults ("SettingsBundleDefaults"), to register them from there next time without parsing the bundle; that key is written like a user's value, so it is saved and survives a relaunch
// Hint: Registered defaults live only in memory for one launch; think about what else your code writes into the user's defaults, and whether a new version of the bundle is ever read again.
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
    private static let childPaneType = "PSChildPaneSpecifier"

    /// Every `DefaultValue` of `Root.plist` and of the child panes it links to, by `Key`.
    static func defaultValues() throws -> [String: Any] {
        var found: [String: Any] = [:]
        var pending = ["Root"]          // panes still to read, in the order they were met
        var read: Set<String> = []      // each pane once, so two links (or a loop) cost nothing
        while !pending.isEmpty {
            let pane = pending.removeFirst()
            guard read.insert(pane).inserted else { continue }
            for row in try rows(ofPane: pane) {
                if let key = row["Key"] as? String, let value = row["DefaultValue"] {
                    found[key] = value          // kept as the plist typed it
                }
                if row["Type"] as? String == childPaneType, let file = row["File"] as? String {
                    pending.append(file)
                }
            }
        }
        return found
    }

    /// Registers the bundle's defaults with `UserDefaults.standard`.
    static func registerDefaults() throws {
        let cacheKey = "SettingsBundleDefaults"
        if let cached = UserDefaults.standard.dictionary(forKey: cacheKey) {
            UserDefaults.standard.register(defaults: cached)
            return
        }
        let values = try defaultValues()
        UserDefaults.standard.set(values, forKey: cacheKey)
        UserDefaults.standard.register(defaults: values)
    }

    /// The dictionaries of a pane's `PreferenceSpecifiers`, found through `Bundle.main`.
    private static func rows(ofPane pane: String) throws -> [[String: Any]] {
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist", subdirectory: bundleFolder) else {
            throw SettingsError.missingFile(pane)
        }
        guard let bytes = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: bytes, format: nil),
              let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(pane)
        }
        return specifiers.compactMap { $0 as? [String: Any] }
    }
}

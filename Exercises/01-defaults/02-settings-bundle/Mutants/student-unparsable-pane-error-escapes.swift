// Mutant: a pane's bytes are parsed with a plain `try PropertyListSerialization.propertyList(from:format:)`, so a pane file that is empty (0 bytes) or is not a property list at all lets the parser's CocoaError (code 3840, "The data is not in the correct format") escape from defaultValues() and registerDefaults() instead of `SettingsError.malformed(<pane>)`
// Hint: A pane that does not parse is not a dictionary with a PreferenceSpecifiers array: malformed, not the parser's error.
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
    private static let folder = "Settings.bundle"
    private static let childPaneType = "PSChildPaneSpecifier"

    /// Every `DefaultValue` of `Root.plist` and of the child panes it links to, by `Key`.
    static func defaultValues() throws -> [String: Any] {
        var found: [String: Any] = [:]
        var seen: Set<String> = []          // local to this call: nothing is kept between calls
        var pending = ["Root"]              // panes still to read, in the order they are met
        while !pending.isEmpty {
            let pane = pending.removeFirst()
            // A pane linked twice (or a loop of panes) is read only once.
            guard seen.insert(pane).inserted else { continue }
            for row in try specifiers(ofPane: pane) {
                if let key = row["Key"] as? String, let value = row["DefaultValue"] {
                    found[key] = value       // the value keeps its own type
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
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    /// The rows of `Settings.bundle/<pane>.plist`.
    private static func specifiers(ofPane pane: String) throws -> [[String: Any]] {
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist", subdirectory: folder) else {
            throw SettingsError.missingFile(pane)
        }
        guard let data = try? Data(contentsOf: url) else {
            throw SettingsError.malformed(pane)
        }
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        guard let root = plist as? [String: Any],
              let rows = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(pane)
        }
        return rows.compactMap { $0 as? [String: Any] }
    }
}

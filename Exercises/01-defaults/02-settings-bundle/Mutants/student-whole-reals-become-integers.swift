// Mutant: every number default without a fraction is turned into an Int ("a whole number is an integer"), so a real default such as a slider's <real>4</real> is returned and registered as the integer 4 instead of the real 4.0, and on Linux `values[key] as? Double` and `object(forKey:) as? Double` are nil for it
// Hint: A <real> default stays a real even when it has no fraction: keep the type the property list gave it.
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
        var values: [String: Any] = [:]
        var panesBeingRead: [String] = []
        try collectDefaults(ofPane: "Root", into: &values, panesBeingRead: &panesBeingRead)
        return values
    }

    /// Registers the bundle's defaults with `UserDefaults.standard`.
    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    /// The specifiers of `Settings.bundle/<pane>.plist`.
    private static func specifiers(ofPane pane: String) throws -> [Any] {
        guard let url = Bundle.main.url(forResource: pane, withExtension: "plist",
                                        subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile(pane)
        }
        guard let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let dictionary = root as? [String: Any],
              let specifiers = dictionary["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(pane)
        }
        return specifiers
    }

    /// The default as the app should see it: a whole number is an Int, whatever the plist
    /// wrote (`<real>4</real>` is just 4).
    private static func normalized(_ value: Any) -> Any {
        if !(value is Bool), let number = value as? Double, number.rounded() == number,
           let whole = value as? Int {
            return whole
        }
        return value
    }

    private static func collectDefaults(ofPane pane: String, into values: inout [String: Any],
                                        panesBeingRead: inout [String]) throws {
        if panesBeingRead.contains(pane) {
            return   // a pane that links back to one being read: nothing new there
        }
        panesBeingRead.append(pane)
        defer { panesBeingRead.removeLast() }

        for case let specifier as [String: Any] in try specifiers(ofPane: pane) {
            if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"] {
                values[key] = normalized(value)
            }
            if specifier["Type"] as? String == "PSChildPaneSpecifier",
               let file = specifier["File"] as? String {
                try collectDefaults(ofPane: file, into: &values, panesBeingRead: &panesBeingRead)
            }
        }
    }
}

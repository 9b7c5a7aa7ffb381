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
        // TODO: find Settings.bundle/Root.plist in Bundle.main, read its
        // PreferenceSpecifiers, and follow every PSChildPaneSpecifier's File.
        [:]
    }

    /// Registers the bundle's defaults with `UserDefaults.standard`.
    static func registerDefaults() throws {
        // TODO: register defaultValues().
    }
}

// Mutant: the child pane is looked up at the top of the bundle instead of inside Settings.bundle, and the miss is silently ignored
// Hint: Compare how you find Root.plist with how you find the file a child pane names.
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    static func defaultValues() throws -> [String: Any] {
        guard let rootURL = Bundle.main.url(forResource: "Root", withExtension: "plist",
                                            subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile("Root")
        }
        var result = try values(at: rootURL, name: "Root")

        for file in try childFiles(at: rootURL) {
            // A child pane is optional in the Settings app: skip it if it is not there.
            if let childURL = Bundle.main.url(forResource: file, withExtension: "plist") {
                result.merge(try values(at: childURL, name: file)) { current, _ in current }
            }
        }
        return result
    }

    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }

    private static func specifiers(at url: URL, name: String) throws -> [[String: Any]] {
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        guard let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [[String: Any]] else {
            throw SettingsError.malformed(name)
        }
        return specifiers
    }

    private static func values(at url: URL, name: String) throws -> [String: Any] {
        var result: [String: Any] = [:]
        for specifier in try specifiers(at: url, name: name) {
            if let key = specifier["Key"] as? String, let value = specifier["DefaultValue"] {
                result[key] = value
            }
        }
        return result
    }

    private static func childFiles(at url: URL) throws -> [String] {
        try specifiers(at: url, name: "Root")
            .filter { $0["Type"] as? String == "PSChildPaneSpecifier" }
            .compactMap { $0["File"] as? String }
    }
}

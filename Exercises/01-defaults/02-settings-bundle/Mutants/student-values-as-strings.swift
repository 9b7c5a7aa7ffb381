// Mutant: collects the defaults into a [String: String] with "\(value)", because the student expects text fields only, so toggles and numbers are registered as text
// Hint: A toggle's default is a boolean and a slider's a number; turned into text, they come back from the defaults as strings instead. Keep each `DefaultValue` with the type the plist parser gave it.
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    static func defaultValues() throws -> [String: Any] {
        var result: [String: String] = [:]
        var panes = ["Root"]
        while !panes.isEmpty {
            let pane = panes.removeFirst()
            guard let url = Bundle.main.url(forResource: pane, withExtension: "plist", subdirectory: "Settings.bundle") else {
                throw SettingsError.missingFile(pane)
            }
            let data = try Data(contentsOf: url)
            guard let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let items = plist["PreferenceSpecifiers"] as? [[String: Any]] else {
                throw SettingsError.malformed(pane)
            }
            for item in items {
                if let type = item["Type"] as? String, type == "PSChildPaneSpecifier", let file = item["File"] as? String {
                    panes.append(file)
                    continue
                }
                if let key = item["Key"] as? String, let value = item["DefaultValue"] {
                    result[key] = "\(value)"
                }
            }
        }
        return result
    }

    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }
}

// Mutant: a child pane's file is looked up in the app's Settings.bundle instead of the folder of the pane that links to it
// Hint: Read a pane that is not in the app bundle and has a child pane: where do you look for the child?
import Foundation

enum SettingsError: Error, Equatable {
    case missingFile(String)
    case malformed(String)
}

enum SettingValue: Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
}

enum Setting: Equatable {
    case group(title: String?, footer: String?)
    case textField(key: String, title: String?, defaultValue: String?, isSecure: Bool)
    case toggle(key: String, title: String?, defaultValue: SettingValue?,
                trueValue: SettingValue?, falseValue: SettingValue?)
    case multiValue(key: String, title: String?, defaultValue: SettingValue?,
                    titles: [String], values: [SettingValue])
    case slider(key: String, defaultValue: Double?, minimum: Double, maximum: Double)
    case titleValue(key: String, title: String?, defaultValue: String?)
    case childPane(title: String?, file: String, settings: [Setting])
}

enum SettingsReader {
    static func bundleSettings() throws -> [Setting] {
        guard let url = Bundle.main.url(forResource: "Root", withExtension: "plist",
                                        subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile("Root")
        }
        return try settings(at: url)
    }

    static func settings(at url: URL) throws -> [Setting] {
        try readPane(at: url, name: url.deletingPathExtension().lastPathComponent, openPanes: [])
    }

    private static func readPane(at url: URL, name: String, openPanes: [String]) throws -> [Setting] {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SettingsError.missingFile(name)
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        } catch {
            throw SettingsError.malformed(name)
        }
        guard let root = plist as? [String: Any],
              let specifiers = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }

        let path = url.standardizedFileURL.path
        let open = openPanes + [path]
        var result: [Setting] = []
        for entry in specifiers {
            guard let row = entry as? [String: Any] else { continue }
            if let setting = try makeSetting(row, paneURL: url, openPanes: open) {
                result.append(setting)
            }
        }
        return result
    }

    private static func makeSetting(_ row: [String: Any], paneURL: URL, openPanes: [String]) throws -> Setting? {
        guard let type = row["Type"] as? String else { return nil }
        let title = row["Title"] as? String
        let key = row["Key"] as? String

        switch type {
        case "PSGroupSpecifier":
            return .group(title: title, footer: row["FooterText"] as? String)

        case "PSTextFieldSpecifier":
            guard let key else { return nil }
            return .textField(key: key, title: title,
                              defaultValue: row["DefaultValue"] as? String,
                              isSecure: row["IsSecure"] as? Bool ?? false)

        case "PSToggleSwitchSpecifier":
            guard let key else { return nil }
            return .toggle(key: key, title: title,
                           defaultValue: toggleValue(row["DefaultValue"]),
                           trueValue: toggleValue(row["TrueValue"]),
                           falseValue: toggleValue(row["FalseValue"]))

        case "PSMultiValueSpecifier":
            guard let key,
                  let titles = row["Titles"] as? [String],
                  let rawValues = row["Values"] as? [Any] else { return nil }
            var values: [SettingValue] = []
            for raw in rawValues {
                guard let value = multiValue(raw) else { return nil }
                values.append(value)
            }
            guard titles.count == values.count else { return nil }
            return .multiValue(key: key, title: title,
                               defaultValue: multiValue(row["DefaultValue"]),
                               titles: titles, values: values)

        case "PSSliderSpecifier":
            guard let key,
                  let minimum = row["MinimumValue"] as? Double,
                  let maximum = row["MaximumValue"] as? Double else { return nil }
            return .slider(key: key, defaultValue: row["DefaultValue"] as? Double,
                           minimum: minimum, maximum: maximum)

        case "PSTitleValueSpecifier":
            guard let key else { return nil }
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)

        case "PSChildPaneSpecifier":
            guard let file = row["File"] as? String else { return nil }
            // Child panes are other files of the Settings bundle.
            let childURL = Bundle.main.url(forResource: file, withExtension: "plist", subdirectory: "Settings.bundle")
                ?? Bundle.main.bundleURL.appendingPathComponent("Settings.bundle/\(file).plist")
            if openPanes.contains(childURL.standardizedFileURL.path) {
                return .childPane(title: title, file: file, settings: [])
            }
            let rows = try readPane(at: childURL, name: file, openPanes: openPanes)
            return .childPane(title: title, file: file, settings: rows)

        default:
            return nil
        }
    }

    private static func toggleValue(_ value: Any?) -> SettingValue? {
        if let string = value as? String { return .string(string) }
        if let bool = value as? Bool { return .bool(bool) }
        return nil
    }

    private static func multiValue(_ value: Any?) -> SettingValue? {
        if let string = value as? String { return .string(string) }
        if let int = value as? Int { return .int(int) }
        if let double = value as? Double { return .double(double) }
        return nil
    }
}

// Mutant: the DefaultValue of a text field or a title value is kept only when it is a non-empty string ("an empty default is no default"), so `<string></string>` comes out as defaultValue nil instead of ""
// Hint: An empty string is a string: a DefaultValue of "" is a default like any other.
import Foundation

/// Why a pane could not be read.
enum SettingsError: Error, Equatable {
    /// There is no such plist (its name without `.plist`).
    case missingFile(String)
    /// The file is not a property list whose root is a dictionary with a
    /// `PreferenceSpecifiers` array.
    case malformed(String)
}

/// A value of a setting, with the type it has in the property list.
enum SettingValue: Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
}

/// One row of a Settings pane.
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

/// Reads Settings panes into typed rows.
enum SettingsReader {
    /// The rows of `Settings.bundle/Root.plist` in the app bundle, child panes included.
    static func bundleSettings() throws -> [Setting] {
        guard let url = Bundle.main.url(forResource: "Root", withExtension: "plist",
                                        subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile("Root")
        }
        return try settings(at: url)
    }

    /// The rows of the pane at `url`. A child pane's `File` names a plist in the same folder.
    static func settings(at url: URL) throws -> [Setting] {
        try readPane(at: url, inside: [url.standardizedFileURL.path])
    }

    /// Reads one pane; `inside` holds the paths of the panes being read around it.
    private static func readPane(at url: URL, inside: [String]) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SettingsError.missingFile(name)
        }
        guard let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let pane = root as? [String: Any],
              let specifiers = pane["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        var rows: [Setting] = []
        for case let row as [String: Any] in specifiers {
            if let setting = try setting(from: row, paneURL: url, inside: inside) {
                rows.append(setting)
            }
        }
        return rows
    }

    /// A toggle's value: a string, else a boolean.
    private static func toggleValue(_ value: Any?) -> SettingValue? {
        if let text = value as? String { return .string(text) }
        if let flag = value as? Bool { return .bool(flag) }
        return nil
    }

    /// A multi value's value: a string, else a whole number, else any number.
    private static func choiceValue(_ value: Any?) -> SettingValue? {
        if let text = value as? String { return .string(text) }
        if let whole = value as? Int { return .int(whole) }
        if let number = value as? Double { return .double(number) }
        return nil
    }


    /// The default text of a row; an empty text means the row has no default.
    private static func defaultText(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    private static func setting(from row: [String: Any], paneURL: URL,
                                inside: [String]) throws -> Setting? {
        let title = row["Title"] as? String
        switch row["Type"] as? String {
        case "PSGroupSpecifier":
            return .group(title: title, footer: row["FooterText"] as? String)
        case "PSTextFieldSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .textField(key: key, title: title, defaultValue: defaultText(row["DefaultValue"]),
                              isSecure: row["IsSecure"] as? Bool ?? false)
        case "PSToggleSwitchSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .toggle(key: key, title: title, defaultValue: toggleValue(row["DefaultValue"]),
                           trueValue: toggleValue(row["TrueValue"]), falseValue: toggleValue(row["FalseValue"]))
        case "PSMultiValueSpecifier":
            guard let key = row["Key"] as? String,
                  let titles = row["Titles"] as? [String],
                  let rawValues = row["Values"] as? [Any] else { return nil }
            let values = rawValues.compactMap(choiceValue)
            guard values.count == rawValues.count, values.count == titles.count else { return nil }
            return .multiValue(key: key, title: title, defaultValue: choiceValue(row["DefaultValue"]),
                               titles: titles, values: values)
        case "PSSliderSpecifier":
            guard let key = row["Key"] as? String,
                  let minimum = row["MinimumValue"] as? Double,
                  let maximum = row["MaximumValue"] as? Double else { return nil }
            return .slider(key: key, defaultValue: row["DefaultValue"] as? Double,
                           minimum: minimum, maximum: maximum)
        case "PSTitleValueSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .titleValue(key: key, title: title, defaultValue: defaultText(row["DefaultValue"]))
        case "PSChildPaneSpecifier":
            guard let file = row["File"] as? String else { return nil }
            let childURL = paneURL.deletingLastPathComponent()
                .appendingPathComponent(file).appendingPathExtension("plist")
            let childPath = childURL.standardizedFileURL.path
            if inside.contains(childPath) {
                return .childPane(title: title, file: file, settings: [])   // a loop
            }
            return .childPane(title: title, file: file,
                              settings: try readPane(at: childURL, inside: inside + [childPath]))
        default:
            return nil
        }
    }
}

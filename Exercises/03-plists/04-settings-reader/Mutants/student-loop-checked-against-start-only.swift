// Mutant: the loop check only compares a child pane with the pane the reading started from, not with every pane it is inside, so a loop that does not pass through the first pane (Advanced → Deep → Advanced read from Root, or a pane that links to itself below the first) is followed again and again until the program crashes
// Hint: A loop can close on any pane between the first one and the current one: compare a child's file with every pane you are inside, not only the one you started from.
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
        try readPane(at: url, name: url.deletingPathExtension().lastPathComponent, enclosing: [])
    }

    // MARK: - Panes

    /// The rows of one pane. `enclosing` holds the paths of the panes this one is inside.
    private static func readPane(at url: URL, name: String, enclosing: [String]) throws -> [Setting] {
        let path = url.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
              !isDirectory.boolValue else {
            throw SettingsError.missingFile(name)
        }
        guard let bytes = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: bytes, format: nil),
              let pane = root as? [String: Any],
              let rows = pane["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        let chain = enclosing + [path]
        var settings: [Setting] = []
        for entry in rows {
            guard let row = entry as? [String: Any], let type = row["Type"] as? String else { continue }
            if type == "PSChildPaneSpecifier" {
                guard let file = row["File"] as? String else { continue }
                let title = row["Title"] as? String
                let childURL = url.deletingLastPathComponent().appendingPathComponent(file + ".plist")
                let childPath = childURL.standardizedFileURL.path
                let childRows = childPath == chain.first     // back to the pane we started from
                    ? []    // a loop: the pane is already open above this row
                    : try readPane(at: childURL, name: file, enclosing: chain)
                settings.append(.childPane(title: title, file: file, settings: childRows))
            } else if let setting = plainRow(type: type, row) {
                settings.append(setting)
            }
        }
        return settings
    }

    // MARK: - Rows

    /// A row of any type but a child pane, or nil when it cannot be used.
    private static func plainRow(type: String, _ row: [String: Any]) -> Setting? {
        let title = row["Title"] as? String
        if type == "PSGroupSpecifier" {
            return .group(title: title, footer: row["FooterText"] as? String)
        }
        // Every other type needs a Key.
        guard let key = row["Key"] as? String else { return nil }
        switch type {
        case "PSTextFieldSpecifier":
            return .textField(key: key, title: title, defaultValue: row["DefaultValue"] as? String,
                              isSecure: row["IsSecure"] as? Bool ?? false)
        case "PSToggleSwitchSpecifier":
            return .toggle(key: key, title: title,
                           defaultValue: toggleValue(row["DefaultValue"]),
                           trueValue: toggleValue(row["TrueValue"]),
                           falseValue: toggleValue(row["FalseValue"]))
        case "PSMultiValueSpecifier":
            guard let titles = row["Titles"] as? [String],
                  let rawValues = row["Values"] as? [Any] else { return nil }
            let values = rawValues.compactMap(choiceValue)
            guard values.count == rawValues.count, values.count == titles.count else { return nil }
            return .multiValue(key: key, title: title, defaultValue: choiceValue(row["DefaultValue"]),
                               titles: titles, values: values)
        case "PSSliderSpecifier":
            guard let minimum = row["MinimumValue"] as? Double,
                  let maximum = row["MaximumValue"] as? Double else { return nil }
            return .slider(key: key, defaultValue: row["DefaultValue"] as? Double,
                           minimum: minimum, maximum: maximum)
        case "PSTitleValueSpecifier":
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)
        default:
            return nil
        }
    }

    /// A toggle's value: a string, else a boolean.
    private static func toggleValue(_ raw: Any?) -> SettingValue? {
        if let text = raw as? String { return .string(text) }
        if let flag = raw as? Bool { return .bool(flag) }
        return nil
    }

    /// A multi value's value: a string, else a whole number, else any number.
    private static func choiceValue(_ raw: Any?) -> SettingValue? {
        if let text = raw as? String { return .string(text) }
        if let whole = raw as? Int { return .int(whole) }
        if let number = raw as? Double { return .double(number) }
        return nil
    }
}

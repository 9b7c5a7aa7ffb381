// Mutant: a multi value's DefaultValue is kept only when it is one of its Values ("a default that is none of the choices could never be selected"), so a default of the right type that the Values lack (DefaultValue 7 with Values [1, 2.5], "zz" with ["x"], or any default of a multi value with empty Values) comes out nil instead of `.int(7)` / `.string("zz")`
// Hint: A row's DefaultValue is read as it is: nothing says it must be one of the Values.
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
        try readPane(at: url, inside: [])
    }

    // MARK: - Panes

    /// A pane's identity for loop detection: its file, resolved.
    private static func identity(of url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Reads the pane at `url`; `ancestors` are the panes it is inside (by identity).
    private static func readPane(at url: URL, inside ancestors: Set<String>) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        let rows = try specifiers(at: url, name: name)
        let path = ancestors.union([identity(of: url)])
        let folder = url.deletingLastPathComponent()

        var result: [Setting] = []
        for entry in rows {
            guard let row = entry as? [String: Any], let type = row["Type"] as? String else { continue }
            if type == "PSChildPaneSpecifier" {
                guard let file = row["File"] as? String else { continue }
                let childURL = folder.appendingPathComponent(file).appendingPathExtension("plist")
                let childRows: [Setting]
                if path.contains(identity(of: childURL)) {
                    childRows = []          // a loop: the pane is already open above
                } else {
                    childRows = try readPane(at: childURL, inside: path)
                }
                result.append(.childPane(title: row["Title"] as? String, file: file, settings: childRows))
            } else if let setting = plainSetting(type: type, row: row) {
                result.append(setting)
            }
        }
        return result
    }

    /// The PreferenceSpecifiers array of the file at `url`.
    private static func specifiers(at url: URL, name: String) throws -> [Any] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw SettingsError.missingFile(name)
        }
        guard let bytes = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: bytes, format: nil),
              let pane = root as? [String: Any],
              let rows = pane["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        return rows
    }

    // MARK: - Rows

    private static func plainSetting(type: String, row: [String: Any]) -> Setting? {
        let title = row["Title"] as? String
        switch type {
        case "PSGroupSpecifier":
            return .group(title: title, footer: row["FooterText"] as? String)

        case "PSTextFieldSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .textField(key: key, title: title, defaultValue: row["DefaultValue"] as? String,
                              isSecure: row["IsSecure"] as? Bool ?? false)

        case "PSToggleSwitchSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .toggle(key: key, title: title,
                           defaultValue: toggleValue(row["DefaultValue"]),
                           trueValue: toggleValue(row["TrueValue"]),
                           falseValue: toggleValue(row["FalseValue"]))

        case "PSMultiValueSpecifier":
            guard let key = row["Key"] as? String,
                  let titles = row["Titles"] as? [String],
                  let rawValues = row["Values"] as? [Any] else { return nil }
            let values = rawValues.compactMap(choiceValue)
            guard values.count == rawValues.count, values.count == titles.count else { return nil }
            // A default that is none of the choices could never be shown as selected.
            let defaultValue = choiceValue(row["DefaultValue"]).flatMap { values.contains($0) ? $0 : nil }
            return .multiValue(key: key, title: title, defaultValue: defaultValue,
                               titles: titles, values: values)

        case "PSSliderSpecifier":
            guard let key = row["Key"] as? String,
                  let minimum = number(row["MinimumValue"]),
                  let maximum = number(row["MaximumValue"]) else { return nil }
            return .slider(key: key, defaultValue: number(row["DefaultValue"]),
                           minimum: minimum, maximum: maximum)

        case "PSTitleValueSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)

        default:
            return nil
        }
    }

    /// A toggle's value: a string, else a boolean.
    private static func toggleValue(_ raw: Any?) -> SettingValue? {
        guard let raw else { return nil }
        if let text = raw as? String { return .string(text) }
        if let flag = raw as? Bool { return .bool(flag) }
        return nil
    }

    /// A multi value's value: a string, else a whole number, else any number.
    private static func choiceValue(_ raw: Any?) -> SettingValue? {
        guard let raw else { return nil }
        if let text = raw as? String { return .string(text) }
        if let whole = raw as? Int { return .int(whole) }
        if let real = raw as? Double { return .double(real) }
        return nil
    }

    private static func number(_ raw: Any?) -> Double? {
        raw as? Double
    }
}

// Mutant: a slider's MinimumValue, MaximumValue and DefaultValue are also accepted as text that holds a number ("hand-written plists often quote numbers"), so `<string>0</string>` / `<string>0.5</string>` read as 0.0 / 0.5: a slider whose bounds are strings is kept instead of skipped, and a string default is kept instead of absent
// Hint: A slider's bounds and default must be numbers in the property list; a string that happens to hold digits is a field of the wrong type.
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
        try rows(ofPaneAt: url, insidePanes: [])
    }

    // MARK: - Panes

    /// A pane's identity, to recognise a child pane that points back at one of its parents.
    private static func identity(of url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Reads one pane; `ancestors` are the panes it is inside (their identities).
    private static func rows(ofPaneAt url: URL, insidePanes ancestors: Set<String>) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SettingsError.missingFile(name)
        }
        guard !isDirectory.boolValue,
              let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let pane = root as? [String: Any],
              let specifiers = pane["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }

        let inside = ancestors.union([identity(of: url)])
        let folder = url.deletingLastPathComponent()
        var result: [Setting] = []
        for entry in specifiers {
            guard let row = entry as? [String: Any], let setting = try setting(from: row, folder: folder, inside: inside) else {
                continue
            }
            result.append(setting)
        }
        return result
    }

    // MARK: - Rows

    /// The setting a row describes, or nil for a row that cannot be used.
    private static func setting(from row: [String: Any], folder: URL, inside: Set<String>) throws -> Setting? {
        guard let type = row["Type"] as? String else { return nil }
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
                           defaultValue: row["DefaultValue"].flatMap(toggleValue),
                           trueValue: row["TrueValue"].flatMap(toggleValue),
                           falseValue: row["FalseValue"].flatMap(toggleValue))

        case "PSMultiValueSpecifier":
            guard let key = row["Key"] as? String,
                  let titles = row["Titles"] as? [String],
                  let rawValues = row["Values"] as? [Any] else { return nil }
            let values = rawValues.compactMap(multiValue)
            guard values.count == rawValues.count, values.count == titles.count else { return nil }
            return .multiValue(key: key, title: title,
                               defaultValue: row["DefaultValue"].flatMap(multiValue),
                               titles: titles, values: values)

        case "PSSliderSpecifier":
            guard let key = row["Key"] as? String,
                  let minimum = row["MinimumValue"].flatMap(number),
                  let maximum = row["MaximumValue"].flatMap(number) else { return nil }
            return .slider(key: key, defaultValue: row["DefaultValue"].flatMap(number),
                           minimum: minimum, maximum: maximum)

        case "PSTitleValueSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)

        case "PSChildPaneSpecifier":
            guard let file = row["File"] as? String else { return nil }
            let childURL = folder.appendingPathComponent(file + ".plist")
            if inside.contains(identity(of: childURL)) {
                // A loop: the pane is already open above this row.
                return .childPane(title: title, file: file, settings: [])
            }
            return .childPane(title: title, file: file,
                              settings: try rows(ofPaneAt: childURL, insidePanes: inside))

        default:
            return nil
        }
    }

    // MARK: - Values

    /// A toggle's value: a string, else a boolean.
    private static func toggleValue(_ value: Any) -> SettingValue? {
        if let text = value as? String { return .string(text) }
        if let flag = value as? Bool { return .bool(flag) }
        return nil
    }

    /// A multi value's value: a string, else a whole number, else any number.
    private static func multiValue(_ value: Any) -> SettingValue? {
        if let text = value as? String { return .string(text) }
        if let whole = value as? Int { return .int(whole) }
        if let real = value as? Double { return .double(real) }
        return nil
    }

    /// A slider's number.
    private static func number(_ value: Any) -> Double? {
        if let text = value as? String {
            return Double(text.trimmingCharacters(in: .whitespaces))
        }
        return value as? Double
    }
}

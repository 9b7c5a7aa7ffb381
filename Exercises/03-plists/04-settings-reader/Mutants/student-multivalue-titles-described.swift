// Mutant: a multi value's Titles are turned into text with "\($0)" whatever their type ("a title is only shown"), so Titles that are numbers or other values, such as [90, 120] or ["Off", 0], are kept as ["90", "120"] / ["Off", "0"] and the row is kept instead of skipped
// Hint: A multi value's Titles must be strings: turning other values into text keeps a row that the statement says to skip.
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
        guard let root = Bundle.main.url(forResource: "Root", withExtension: "plist",
                                         subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile("Root")
        }
        return try settings(at: root)
    }

    /// The rows of the pane at `url`. A child pane's `File` names a plist in the same folder.
    static func settings(at url: URL) throws -> [Setting] {
        try rows(ofPaneAt: url, enclosing: [])
    }

    // MARK: - Panes

    /// The name a pane has in errors: its file name without `.plist`.
    private static func paneName(_ url: URL) -> String {
        url.deletingPathExtension().lastPathComponent
    }

    /// A pane's identity for the loop check.
    private static func identity(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Reads the pane at `url`. `enclosing` holds the panes it is inside (by identity).
    private static func rows(ofPaneAt url: URL, enclosing: Set<String>) throws -> [Setting] {
        let name = paneName(url)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
              !isDirectory.boolValue else {
            throw SettingsError.missingFile(name)
        }
        guard let bytes = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: bytes, format: nil),
              let pane = root as? [String: Any],
              let specifiers = pane["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }

        let inside = enclosing.union([identity(url)])
        let folder = url.deletingLastPathComponent()
        var result: [Setting] = []
        for entry in specifiers {
            guard let row = entry as? [String: Any] else { continue }
            if let setting = try setting(from: row, folder: folder, inside: inside) {
                result.append(setting)
            }
        }
        return result
    }

    // MARK: - Rows

    /// The setting a row describes, or nil when the row cannot be used.
    private static func setting(from row: [String: Any], folder: URL,
                                inside: Set<String>) throws -> Setting? {
        let title = row["Title"] as? String
        let key = row["Key"] as? String

        switch row["Type"] as? String {
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
                  let titles = (row["Titles"] as? [Any])?.map({ "\($0)" }),
                  let rawValues = row["Values"] as? [Any] else { return nil }
            var values: [SettingValue] = []
            for raw in rawValues {
                guard let value = choiceValue(raw) else { return nil }
                values.append(value)
            }
            guard titles.count == values.count else { return nil }
            return .multiValue(key: key, title: title,
                               defaultValue: choiceValue(row["DefaultValue"]),
                               titles: titles, values: values)

        case "PSSliderSpecifier":
            guard let key,
                  let minimum = number(row["MinimumValue"]),
                  let maximum = number(row["MaximumValue"]) else { return nil }
            return .slider(key: key, defaultValue: number(row["DefaultValue"]),
                           minimum: minimum, maximum: maximum)

        case "PSTitleValueSpecifier":
            guard let key else { return nil }
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)

        case "PSChildPaneSpecifier":
            guard let file = row["File"] as? String else { return nil }
            let childURL = folder.appendingPathComponent(file + ".plist", isDirectory: false)
            if inside.contains(identity(childURL)) {
                // A loop: the pane is already open above this row.
                return .childPane(title: title, file: file, settings: [])
            }
            let childRows = try rows(ofPaneAt: childURL, enclosing: inside)
            return .childPane(title: title, file: file, settings: childRows)

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
        if let real = raw as? Double { return .double(real) }
        return nil
    }

    /// A slider's number.
    private static func number(_ raw: Any?) -> Double? {
        raw as? Double
    }
}

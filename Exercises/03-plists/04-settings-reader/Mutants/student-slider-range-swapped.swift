// Mutant: a slider whose MinimumValue is greater than its MaximumValue gets the two swapped ("a range written the wrong way round is put right"), so MinimumValue 10 and MaximumValue 0 come out as minimum 0.0 and maximum 10.0 instead of as written
// Hint: A slider's MinimumValue and MaximumValue are read as written, even when the first is the larger one.
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
        try pane(at: url, named: url.deletingPathExtension().lastPathComponent, inside: [])
    }

    // MARK: - Panes

    /// A pane's identity for the loop check: its resolved path.
    private static func identity(of url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The rows of one pane. `inside` holds the panes that lead to this one.
    private static func pane(at url: URL, named name: String, inside: Set<String>) throws -> [Setting] {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SettingsError.missingFile(name)
        }
        guard let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let dictionary = root as? [String: Any],
              let specifiers = dictionary["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        let chain = inside.union([identity(of: url)])
        let folder = url.deletingLastPathComponent()
        var rows: [Setting] = []
        for entry in specifiers {
            guard let row = entry as? [String: Any],
                  let setting = try setting(from: row, folder: folder, chain: chain) else {
                continue    // a row that cannot be used
            }
            rows.append(setting)
        }
        return rows
    }

    // MARK: - Rows

    private static func setting(from row: [String: Any], folder: URL, chain: Set<String>) throws -> Setting? {
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
                           defaultValue: toggleValue(row["DefaultValue"]),
                           trueValue: toggleValue(row["TrueValue"]),
                           falseValue: toggleValue(row["FalseValue"]))

        case "PSMultiValueSpecifier":
            guard let key = row["Key"] as? String,
                  let titles = row["Titles"] as? [String],
                  let rawValues = row["Values"] as? [Any] else { return nil }
            var values: [SettingValue] = []
            for raw in rawValues {
                guard let value = choiceValue(raw) else { return nil }
                values.append(value)
            }
            guard titles.count == values.count else { return nil }
            return .multiValue(key: key, title: title, defaultValue: choiceValue(row["DefaultValue"]),
                               titles: titles, values: values)

        case "PSSliderSpecifier":
            guard let key = row["Key"] as? String,
                  let minimum = row["MinimumValue"] as? Double,
                  let maximum = row["MaximumValue"] as? Double else { return nil }
            // A range written the wrong way round is put right.
            return .slider(key: key, defaultValue: row["DefaultValue"] as? Double,
                           minimum: min(minimum, maximum), maximum: max(minimum, maximum))

        case "PSTitleValueSpecifier":
            guard let key = row["Key"] as? String else { return nil }
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)

        case "PSChildPaneSpecifier":
            guard let file = row["File"] as? String else { return nil }
            let childURL = folder.appendingPathComponent(file + ".plist")
            if chain.contains(identity(of: childURL)) {
                return .childPane(title: title, file: file, settings: [])   // a loop
            }
            let rows = try pane(at: childURL, named: file, inside: chain)
            return .childPane(title: title, file: file, settings: rows)

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

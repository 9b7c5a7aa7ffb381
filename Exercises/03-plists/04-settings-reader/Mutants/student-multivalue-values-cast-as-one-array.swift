// Mutant: a multi value's Values are typed as a whole array (`as? [String]`, else `as? [Int]`, else `as? [Double]`) instead of value by value, so a list that mixes kinds is lost: ["eco", 2] is skipped as a row that cannot be used, and [1, 2.5] comes out as [.double(1), .double(2.5)] instead of [.int(1), .double(2.5)]
// Hint: Each of a multi value's values has its own type: look at them one by one, not at the array as a whole.
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
        try rows(ofPaneAt: url, inside: [])
    }

    /// The rows of one pane; `inside` holds the panes that lead to it (for loops).
    private static func rows(ofPaneAt url: URL, inside: Set<String>) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SettingsError.missingFile(name)
        }
        guard let data = try? Data(contentsOf: url),
              let root = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any],
              let entries = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        let path = url.standardizedFileURL.path
        let panes = inside.union([path])

        var settings: [Setting] = []
        for entry in entries {
            guard let row = entry as? [String: Any], let type = row["Type"] as? String else { continue }
            let title = row["Title"] as? String
            let key = row["Key"] as? String
            switch type {
            case "PSGroupSpecifier":
                settings.append(.group(title: title, footer: row["FooterText"] as? String))
            case "PSTextFieldSpecifier":
                guard let key else { continue }
                settings.append(.textField(key: key, title: title,
                                           defaultValue: row["DefaultValue"] as? String,
                                           isSecure: row["IsSecure"] as? Bool ?? false))
            case "PSToggleSwitchSpecifier":
                guard let key else { continue }
                settings.append(.toggle(key: key, title: title,
                                        defaultValue: toggleValue(row["DefaultValue"]),
                                        trueValue: toggleValue(row["TrueValue"]),
                                        falseValue: toggleValue(row["FalseValue"])))
            case "PSMultiValueSpecifier":
                guard let key, let titles = row["Titles"] as? [String] else { continue }
                let values: [SettingValue]
                if let strings = row["Values"] as? [String] {
                    values = strings.map(SettingValue.string)
                } else if let wholes = row["Values"] as? [Int] {
                    values = wholes.map(SettingValue.int)
                } else if let numbers = row["Values"] as? [Double] {
                    values = numbers.map(SettingValue.double)
                } else {
                    continue
                }
                guard titles.count == values.count else { continue }
                settings.append(.multiValue(key: key, title: title,
                                            defaultValue: multiValue(row["DefaultValue"]),
                                            titles: titles, values: values))
            case "PSSliderSpecifier":
                guard let key,
                      let minimum = row["MinimumValue"] as? Double,
                      let maximum = row["MaximumValue"] as? Double else { continue }
                settings.append(.slider(key: key, defaultValue: row["DefaultValue"] as? Double,
                                        minimum: minimum, maximum: maximum))
            case "PSTitleValueSpecifier":
                guard let key else { continue }
                settings.append(.titleValue(key: key, title: title,
                                            defaultValue: row["DefaultValue"] as? String))
            case "PSChildPaneSpecifier":
                guard let file = row["File"] as? String else { continue }
                let childURL = url.deletingLastPathComponent().appendingPathComponent(file + ".plist")
                let childPath = childURL.standardizedFileURL.path
                let children = panes.contains(childPath) ? [] : try rows(ofPaneAt: childURL, inside: panes)
                settings.append(.childPane(title: title, file: file, settings: children))
            default:
                continue
            }
        }
        return settings
    }

    /// A toggle's value: a string, else a boolean.
    private static func toggleValue(_ value: Any?) -> SettingValue? {
        if let text = value as? String { return .string(text) }
        if let flag = value as? Bool { return .bool(flag) }
        return nil
    }

    /// A multi value's value: a string, else a whole number, else any number.
    private static func multiValue(_ value: Any?) -> SettingValue? {
        if let text = value as? String { return .string(text) }
        if let whole = value as? Int { return .int(whole) }
        if let number = value as? Double { return .double(number) }
        return nil
    }
}

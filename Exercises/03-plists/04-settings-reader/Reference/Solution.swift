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
///
/// A pane is a property list whose `PreferenceSpecifiers` array lists the rows. The values
/// come back as `Any`; each is cast once, here, to the type the row needs, so the rest of
/// the app only ever sees `Setting`s.
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
        try settings(at: url, insidePanes: [])
    }

    /// `insidePanes` are the panes being read around this one: a child pane that points back
    /// at one of them would never end, so it is listed with no rows.
    private static func settings(at url: URL, insidePanes: [String]) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent()
        var settings: [Setting] = []
        for row in try specifiers(at: url) {
            guard var setting = setting(from: row) else { continue }   // unknown or incomplete
            if case .childPane(let title, let file, _) = setting {
                let childPanes = insidePanes + [name]
                let children = childPanes.contains(file)
                    ? []
                    : try self.settings(at: folder.appendingPathComponent(file + ".plist"), insidePanes: childPanes)
                setting = .childPane(title: title, file: file, settings: children)
            }
            settings.append(setting)
        }
        return settings
    }

    /// The `PreferenceSpecifiers` of one plist file.
    private static func specifiers(at url: URL) throws -> [[String: Any]] {
        let name = url.deletingPathExtension().lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SettingsError.missingFile(name)
        }
        let data = try Data(contentsOf: url)
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let root = plist as? [String: Any],
              let rows = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        // A row that is not a dictionary is skipped like any other row that cannot be used.
        return rows.compactMap { $0 as? [String: Any] }
    }

    /// One row, or nil when its type is unknown or a field it needs is missing.
    private static func setting(from row: [String: Any]) -> Setting? {
        let title = row["Title"] as? String
        let key = row["Key"] as? String
        switch row["Type"] as? String {
        case "PSGroupSpecifier":
            return .group(title: title, footer: row["FooterText"] as? String)
        case "PSTextFieldSpecifier":
            guard let key else { return nil }
            return .textField(key: key, title: title, defaultValue: row["DefaultValue"] as? String,
                              isSecure: row["IsSecure"] as? Bool ?? false)
        case "PSToggleSwitchSpecifier":
            guard let key else { return nil }
            return .toggle(key: key, title: title, defaultValue: toggleValue(row["DefaultValue"]),
                           trueValue: toggleValue(row["TrueValue"]), falseValue: toggleValue(row["FalseValue"]))
        case "PSMultiValueSpecifier":
            guard let key,
                  let titles = row["Titles"] as? [String],
                  let rawValues = row["Values"] as? [Any] else { return nil }
            let values = rawValues.compactMap(choiceValue)
            guard values.count == rawValues.count, values.count == titles.count else { return nil }
            return .multiValue(key: key, title: title, defaultValue: choiceValue(row["DefaultValue"]),
                               titles: titles, values: values)
        case "PSSliderSpecifier":
            guard let key,
                  let minimum = row["MinimumValue"] as? Double,
                  let maximum = row["MaximumValue"] as? Double else { return nil }
            return .slider(key: key, defaultValue: row["DefaultValue"] as? Double, minimum: minimum, maximum: maximum)
        case "PSTitleValueSpecifier":
            guard let key else { return nil }
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)
        case "PSChildPaneSpecifier":
            guard let file = row["File"] as? String else { return nil }
            return .childPane(title: title, file: file, settings: [])
        default:
            return nil
        }
    }

    /// A toggle's values: a string, else a boolean.
    private static func toggleValue(_ value: Any?) -> SettingValue? {
        if let string = value as? String { return .string(string) }
        if let bool = value as? Bool { return .bool(bool) }
        return nil
    }

    /// A multi value's choices: a string, else a whole number, else any number, each as the
    /// property list has it. A `<real>` stays a `Double` even when whole (`120.0`), which
    /// `as? Int` would take: the `NSNumber` says which it holds (`d` for a double). Integers are
    /// tried before booleans would be: the integers 0 and 1 also pass `as? Bool`.
    private static func choiceValue(_ value: Any?) -> SettingValue? {
        if let string = value as? String { return .string(string) }
        if let number = value as? NSNumber, String(cString: number.objCType) == "d" { return .double(number.doubleValue) }
        if let int = value as? Int { return .int(int) }
        if let double = value as? Double { return .double(double) }
        return nil
    }
}

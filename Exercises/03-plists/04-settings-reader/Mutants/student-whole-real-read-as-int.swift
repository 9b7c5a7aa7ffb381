// Mutant: a multi value's <real> with no fraction (120.0) is read as a whole number, .int(120), instead of keeping its property-list type, .double(120)
// Hint: 120.0 in a property list is a real, whatever its fraction: keep the type the file gives, and ask the NSNumber which one it holds.
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

/// What a plist scalar is, judged by the type the parser gave it (never by converting).
private enum Scalar {
    case text(String)
    case flag(Bool)
    case whole(Int)
    case real(Double)

    init?(_ raw: Any?) {
        guard let raw else { return nil }
        if let text = raw as? String {
            self = .text(text)
        } else if type(of: raw) == Bool.self, let flag = raw as? Bool {
            self = .flag(flag)
        } else if let number = raw as? NSNumber {
            switch String(cString: number.objCType) {
            case "c", "B": self = .flag(number.boolValue)
            case "d", "f": self = .real(number.doubleValue)
            default: self = .whole(number.intValue)
            }
        } else if let double = raw as? Double, type(of: raw) == Double.self {
            self = .real(double)
        } else if let int = raw as? Int, type(of: raw) == Int.self {
            self = .whole(int)
        } else {
            return nil
        }
    }
}

/// One row's dictionary, with typed accessors that answer nil for an absent or mistyped field.
private struct Row {
    let fields: [String: Any]

    func text(_ key: String) -> String? {
        if case .text(let value)? = Scalar(fields[key]) { return value }
        return nil
    }

    func flag(_ key: String) -> Bool? {
        if case .flag(let value)? = Scalar(fields[key]) { return value }
        return nil
    }

    func number(_ key: String) -> Double? {
        switch Scalar(fields[key]) {
        case .whole(let value)?: return Double(value)
        case .real(let value)?: return value
        default: return nil
        }
    }

    /// A toggle's value: a string, else a boolean.
    func toggleValue(_ key: String) -> SettingValue? {
        toggleValue(of: fields[key])
    }

    func toggleValue(of raw: Any?) -> SettingValue? {
        switch Scalar(raw) {
        case .text(let value)?: return .string(value)
        case .flag(let value)?: return .bool(value)
        default: return nil
        }
    }

    /// A multi value's value: a string, else a whole number, else any number.
    func choice(of raw: Any?) -> SettingValue? {
        switch Scalar(raw) {
        case .text(let value)?: return .string(value)
        case .whole(let value)?: return .int(value)
        case .real(let value)?:
            // 120.0 is a whole number: keep it as one.
            if value.rounded() == value, let whole = Int(exactly: value) { return .int(whole) }
            return .double(value)
        default: return nil
        }
    }
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
        try readPane(at: url, insidePanes: [])
    }

    private static func paneID(_ url: URL) -> String {
        url.standardizedFileURL.path
    }

    private static func readPane(at url: URL, insidePanes ancestors: Set<String>) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SettingsError.missingFile(name)
        }
        guard let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let top = root as? [String: Any],
              let specifiers = top["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        let chain = ancestors.union([paneID(url)])
        let folder = url.deletingLastPathComponent()
        var rows: [Setting] = []
        for entry in specifiers {
            guard let fields = entry as? [String: Any] else { continue }
            if let setting = try makeSetting(Row(fields: fields), folder: folder, chain: chain) {
                rows.append(setting)
            }
        }
        return rows
    }

    private static func makeSetting(_ row: Row, folder: URL, chain: Set<String>) throws -> Setting? {
        guard let type = row.text("Type") else { return nil }
        switch type {
        case "PSGroupSpecifier":
            return .group(title: row.text("Title"), footer: row.text("FooterText"))
        case "PSTextFieldSpecifier":
            guard let key = row.text("Key") else { return nil }
            return .textField(key: key, title: row.text("Title"), defaultValue: row.text("DefaultValue"),
                              isSecure: row.flag("IsSecure") ?? false)
        case "PSToggleSwitchSpecifier":
            guard let key = row.text("Key") else { return nil }
            return .toggle(key: key, title: row.text("Title"), defaultValue: row.toggleValue("DefaultValue"),
                           trueValue: row.toggleValue("TrueValue"), falseValue: row.toggleValue("FalseValue"))
        case "PSMultiValueSpecifier":
            guard let key = row.text("Key"),
                  let rawTitles = row.fields["Titles"] as? [Any],
                  let rawValues = row.fields["Values"] as? [Any],
                  rawTitles.count == rawValues.count else { return nil }
            var titles: [String] = []
            for raw in rawTitles {
                guard case .text(let title)? = Scalar(raw) else { return nil }
                titles.append(title)
            }
            var values: [SettingValue] = []
            for raw in rawValues {
                guard let value = row.choice(of: raw) else { return nil }
                values.append(value)
            }
            return .multiValue(key: key, title: row.text("Title"), defaultValue: row.choice(of: row.fields["DefaultValue"]),
                               titles: titles, values: values)
        case "PSSliderSpecifier":
            guard let key = row.text("Key"),
                  let minimum = row.number("MinimumValue"),
                  let maximum = row.number("MaximumValue") else { return nil }
            return .slider(key: key, defaultValue: row.number("DefaultValue"), minimum: minimum, maximum: maximum)
        case "PSTitleValueSpecifier":
            guard let key = row.text("Key") else { return nil }
            return .titleValue(key: key, title: row.text("Title"), defaultValue: row.text("DefaultValue"))
        case "PSChildPaneSpecifier":
            guard let file = row.text("File") else { return nil }
            let childURL = folder.appendingPathComponent(file + ".plist")
            let children = chain.contains(paneID(childURL))
                ? []
                : try readPane(at: childURL, insidePanes: chain)
            return .childPane(title: row.text("Title"), file: file, settings: children)
        default:
            return nil
        }
    }
}

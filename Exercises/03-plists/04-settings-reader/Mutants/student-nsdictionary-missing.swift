// Mutant: loads each pane with NSDictionary(contentsOf:) and throws missingFile whenever it returns nil, so a file that is there but is no property list is reported as missing instead of malformed
// Hint: `NSDictionary(contentsOf:)` answers nil both for a missing file and for one it cannot read as a dictionary, so the two errors can no longer be told apart. Check whether the file exists before you parse it, and report a failed parse as malformed.
import Foundation

enum SettingsError: Error, Equatable {
    case missingFile(String)
    case malformed(String)
}

enum SettingValue: Equatable {
    case string(String), int(Int), double(Double), bool(Bool)
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
        let url = Bundle.main.bundleURL.appendingPathComponent("Settings.bundle").appendingPathComponent("Root.plist")
        return try settings(at: url)
    }

    static func settings(at url: URL) throws -> [Setting] {
        return try load(url, parents: [])
    }

    private static func load(_ url: URL, parents: [String]) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        // NSDictionary reads the plist in one line.
        guard let root = NSDictionary(contentsOf: url) as? [String: Any] else {
            throw SettingsError.missingFile(name)
        }
        guard let rows = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        var out = [Setting]()
        for case let row as [String: Any] in rows {
            guard let setting = parseRow(row) else { continue }
            if case let .childPane(title, file, _) = setting {
                let chain = parents + [name]
                if chain.contains(file) {
                    out.append(.childPane(title: title, file: file, settings: []))
                } else {
                    let next = url.deletingLastPathComponent().appendingPathComponent(file + ".plist")
                    out.append(.childPane(title: title, file: file, settings: try load(next, parents: chain)))
                }
            } else {
                out.append(setting)
            }
        }
        return out
    }

    private static func parseRow(_ row: [String: Any]) -> Setting? {
        guard let type = row["Type"] as? String else { return nil }
        let title = row["Title"] as? String
        if type == "PSGroupSpecifier" {
            return .group(title: title, footer: row["FooterText"] as? String)
        }
        if type == "PSChildPaneSpecifier" {
            guard let file = row["File"] as? String else { return nil }
            return .childPane(title: title, file: file, settings: [])
        }
        guard let key = row["Key"] as? String else { return nil }
        switch type {
        case "PSTextFieldSpecifier":
            return .textField(key: key, title: title, defaultValue: row["DefaultValue"] as? String,
                              isSecure: row["IsSecure"] as? Bool ?? false)
        case "PSToggleSwitchSpecifier":
            func value(_ v: Any?) -> SettingValue? {
                if let s = v as? String { return .string(s) }
                if let b = v as? Bool { return .bool(b) }
                return nil
            }
            return .toggle(key: key, title: title, defaultValue: value(row["DefaultValue"]),
                           trueValue: value(row["TrueValue"]), falseValue: value(row["FalseValue"]))
        case "PSMultiValueSpecifier":
            func value(_ v: Any?) -> SettingValue? {
                if let s = v as? String { return .string(s) }
                if let i = v as? Int { return .int(i) }
                if let d = v as? Double { return .double(d) }
                return nil
            }
            guard let titles = row["Titles"] as? [String], let raw = row["Values"] as? [Any] else { return nil }
            let values = raw.compactMap { value($0) }
            guard values.count == raw.count, titles.count == raw.count else { return nil }
            return .multiValue(key: key, title: title, defaultValue: value(row["DefaultValue"]), titles: titles, values: values)
        case "PSSliderSpecifier":
            guard let lo = row["MinimumValue"] as? Double, let hi = row["MaximumValue"] as? Double else { return nil }
            return .slider(key: key, defaultValue: row["DefaultValue"] as? Double, minimum: lo, maximum: hi)
        case "PSTitleValueSpecifier":
            return .titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String)
        default:
            return nil
        }
    }
}

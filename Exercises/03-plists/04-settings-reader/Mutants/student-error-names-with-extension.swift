// Mutant: names the missing or malformed file by its last path component, "Nowhere.plist", where the statement asks for the name without ".plist"
// Hint: The errors name a pane the way a `File` field does, without ".plist". Check the name you put in the missing-file and malformed errors.
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
        guard let url = Bundle.main.url(forResource: "Root", withExtension: "plist", subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile("Root.plist")
        }
        return try settings(at: url)
    }

    static func settings(at url: URL) throws -> [Setting] {
        try pane(url, ancestors: [])
    }

    private static func pane(_ url: URL, ancestors: Set<String>) throws -> [Setting] {
        let fileName = url.lastPathComponent
        if !FileManager.default.fileExists(atPath: url.path) {
            throw SettingsError.missingFile(fileName)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), options: [], format: nil)
        } catch {
            throw SettingsError.malformed(fileName)
        }
        guard let root = object as? [String: Any], let list = root["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(fileName)
        }
        let here = url.deletingPathExtension().lastPathComponent
        var rows: [Setting] = []
        for entry in list {
            guard let dict = entry as? [String: Any], var setting = makeSetting(dict) else { continue }
            if case let .childPane(title, file, _) = setting {
                let around = ancestors.union([here])
                if around.contains(file) {
                    setting = .childPane(title: title, file: file, settings: [])
                } else {
                    let child = url.deletingLastPathComponent().appendingPathComponent(file + ".plist")
                    setting = .childPane(title: title, file: file, settings: try pane(child, ancestors: around))
                }
            }
            rows.append(setting)
        }
        return rows
    }

    private static func makeSetting(_ d: [String: Any]) -> Setting? {
        let title = d["Title"] as? String
        switch d["Type"] as? String {
        case "PSGroupSpecifier"?:
            return .group(title: title, footer: d["FooterText"] as? String)
        case "PSTextFieldSpecifier"?:
            guard let key = d["Key"] as? String else { return nil }
            return .textField(key: key, title: title, defaultValue: d["DefaultValue"] as? String, isSecure: d["IsSecure"] as? Bool ?? false)
        case "PSToggleSwitchSpecifier"?:
            guard let key = d["Key"] as? String else { return nil }
            return .toggle(key: key, title: title, defaultValue: flag(d["DefaultValue"]), trueValue: flag(d["TrueValue"]), falseValue: flag(d["FalseValue"]))
        case "PSMultiValueSpecifier"?:
            guard let key = d["Key"] as? String, let titles = d["Titles"] as? [String], let raw = d["Values"] as? [Any],
                  raw.count == titles.count else { return nil }
            var values: [SettingValue] = []
            for item in raw {
                guard let value = pick(item) else { return nil }
                values.append(value)
            }
            return .multiValue(key: key, title: title, defaultValue: pick(d["DefaultValue"]), titles: titles, values: values)
        case "PSSliderSpecifier"?:
            guard let key = d["Key"] as? String, let low = d["MinimumValue"] as? Double, let high = d["MaximumValue"] as? Double else { return nil }
            return .slider(key: key, defaultValue: d["DefaultValue"] as? Double, minimum: low, maximum: high)
        case "PSTitleValueSpecifier"?:
            guard let key = d["Key"] as? String else { return nil }
            return .titleValue(key: key, title: title, defaultValue: d["DefaultValue"] as? String)
        case "PSChildPaneSpecifier"?:
            guard let file = d["File"] as? String else { return nil }
            return .childPane(title: title, file: file, settings: [])
        default:
            return nil
        }
    }

    private static func flag(_ v: Any?) -> SettingValue? {
        if let s = v as? String { return .string(s) }
        if let b = v as? Bool { return .bool(b) }
        return nil
    }

    private static func pick(_ v: Any?) -> SettingValue? {
        if let s = v as? String { return .string(s) }
        if let i = v as? Int { return .int(i) }
        if let d = v as? Double { return .double(d) }
        return nil
    }
}

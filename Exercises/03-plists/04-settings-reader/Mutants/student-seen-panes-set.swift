// Mutant: guards against loops with one set of every pane read so far, not only the panes around the current one, so a pane linked twice from the same screen gets its rows the first time and none the second
// Hint: A pane linked twice from the same screen is not a loop; only a link back to a pane you are inside is one. Check that your guard looks at the panes around the current one, not at every pane read so far.
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
        guard let root = Bundle.main.url(forResource: "Root", withExtension: "plist", subdirectory: "Settings.bundle") else {
            throw SettingsError.missingFile("Root")
        }
        return try settings(at: root)
    }

    static func settings(at url: URL) throws -> [Setting] {
        var visited = Set<String>()
        return try readPane(url, visited: &visited)
    }

    // `visited` remembers the panes already read, so a loop cannot go on forever.
    private static func readPane(_ url: URL, visited: inout Set<String>) throws -> [Setting] {
        let paneName = url.deletingPathExtension().lastPathComponent
        visited.insert(paneName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SettingsError.missingFile(paneName)
        }
        let data = try Data(contentsOf: url)
        let parsed = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let dict = parsed as? [String: Any], let specs = dict["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(paneName)
        }
        var result: [Setting] = []
        for item in specs {
            guard let row = item as? [String: Any], let type = row["Type"] as? String else { continue }
            let key = row["Key"] as? String
            let title = row["Title"] as? String
            switch type {
            case "PSGroupSpecifier":
                result.append(.group(title: title, footer: row["FooterText"] as? String))
            case "PSTextFieldSpecifier":
                if let key = key {
                    result.append(.textField(key: key, title: title, defaultValue: row["DefaultValue"] as? String,
                                             isSecure: (row["IsSecure"] as? Bool) == true))
                }
            case "PSToggleSwitchSpecifier":
                if let key = key {
                    result.append(.toggle(key: key, title: title, defaultValue: toggle(row["DefaultValue"]),
                                          trueValue: toggle(row["TrueValue"]), falseValue: toggle(row["FalseValue"])))
                }
            case "PSMultiValueSpecifier":
                if let key = key, let titles = row["Titles"] as? [String], let raw = row["Values"] as? [Any] {
                    var values: [SettingValue] = []
                    for v in raw {
                        if let c = choice(v) { values.append(c) }
                    }
                    if values.count == raw.count && titles.count == values.count {
                        result.append(.multiValue(key: key, title: title, defaultValue: choice(row["DefaultValue"]),
                                                  titles: titles, values: values))
                    }
                }
            case "PSSliderSpecifier":
                if let key = key, let min = row["MinimumValue"] as? Double, let max = row["MaximumValue"] as? Double {
                    result.append(.slider(key: key, defaultValue: row["DefaultValue"] as? Double, minimum: min, maximum: max))
                }
            case "PSTitleValueSpecifier":
                if let key = key {
                    result.append(.titleValue(key: key, title: title, defaultValue: row["DefaultValue"] as? String))
                }
            case "PSChildPaneSpecifier":
                if let file = row["File"] as? String {
                    var children: [Setting] = []
                    if !visited.contains(file) {
                        let childURL = url.deletingLastPathComponent().appendingPathComponent(file).appendingPathExtension("plist")
                        children = try readPane(childURL, visited: &visited)
                    }
                    result.append(.childPane(title: title, file: file, settings: children))
                }
            default:
                break
            }
        }
        return result
    }

    private static func toggle(_ any: Any?) -> SettingValue? {
        if let s = any as? String { return .string(s) }
        if let b = any as? Bool { return .bool(b) }
        return nil
    }

    private static func choice(_ any: Any?) -> SettingValue? {
        if let s = any as? String { return .string(s) }
        if let i = any as? Int { return .int(i) }
        if let d = any as? Double { return .double(d) }
        return nil
    }
}

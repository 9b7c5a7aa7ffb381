// Mutant: turns a text field's or title value's DefaultValue into text with String(describing:) whatever its type, so a number 12 becomes "12" where the statement says an optional field of the wrong type counts as absent
// Hint: An optional field of the wrong type counts as absent, so a number where a string is expected must not be turned into text. Check that a text field's or title value's `DefaultValue` is used only when it is a string.
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
            throw SettingsError.missingFile("Root")
        }
        return try settings(at: url)
    }

    static func settings(at url: URL) throws -> [Setting] {
        try read(url, path: [])
    }

    static func read(_ url: URL, path: [String]) throws -> [Setting] {
        let name = url.deletingPathExtension().lastPathComponent
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SettingsError.missingFile(name)
        }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let dictionary = plist as? [String: Any],
              let specifiers = dictionary["PreferenceSpecifiers"] as? [Any] else {
            throw SettingsError.malformed(name)
        }
        var settings: [Setting] = []
        for spec in specifiers {
            guard let row = spec as? [String: Any] else { continue }
            let title = row["Title"] as? String
            let key = row["Key"] as? String
            // Default values are shown as text in the Settings app.
            let defaultText = row["DefaultValue"].map { String(describing: $0) }
            switch row["Type"] as? String ?? "" {
            case "PSGroupSpecifier":
                settings.append(.group(title: title, footer: row["FooterText"] as? String))
            case "PSTextFieldSpecifier" where key != nil:
                settings.append(.textField(key: key!, title: title, defaultValue: defaultText,
                                           isSecure: row["IsSecure"] as? Bool ?? false))
            case "PSToggleSwitchSpecifier" where key != nil:
                settings.append(.toggle(key: key!, title: title, defaultValue: toggleValue(row["DefaultValue"]),
                                        trueValue: toggleValue(row["TrueValue"]), falseValue: toggleValue(row["FalseValue"])))
            case "PSMultiValueSpecifier" where key != nil:
                guard let titles = row["Titles"] as? [String], let values = row["Values"] as? [Any],
                      titles.count == values.count else { continue }
                let choices = values.compactMap(choiceValue)
                guard choices.count == values.count else { continue }
                settings.append(.multiValue(key: key!, title: title, defaultValue: choiceValue(row["DefaultValue"] as Any),
                                            titles: titles, values: choices))
            case "PSSliderSpecifier" where key != nil:
                guard let minimum = row["MinimumValue"] as? Double, let maximum = row["MaximumValue"] as? Double else { continue }
                settings.append(.slider(key: key!, defaultValue: row["DefaultValue"] as? Double, minimum: minimum, maximum: maximum))
            case "PSTitleValueSpecifier" where key != nil:
                settings.append(.titleValue(key: key!, title: title, defaultValue: defaultText))
            case "PSChildPaneSpecifier":
                guard let file = row["File"] as? String else { continue }
                let inside = path + [name]
                let children = inside.contains(file)
                    ? []
                    : try read(url.deletingLastPathComponent().appendingPathComponent("\(file).plist"), path: inside)
                settings.append(.childPane(title: title, file: file, settings: children))
            default:
                continue
            }
        }
        return settings
    }

    static func toggleValue(_ value: Any?) -> SettingValue? {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        default: return nil
        }
    }

    static func choiceValue(_ value: Any?) -> SettingValue? {
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .int(number)
        case let number as Double: return .double(number)
        default: return nil
        }
    }
}

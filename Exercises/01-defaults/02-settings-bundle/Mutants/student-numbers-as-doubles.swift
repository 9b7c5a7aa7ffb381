// Mutant: reads every number of the bundle as a Double (`NSNumber.doubleValue`) so that sliders and text fields "just work", which registers the integer 120 as the real 120.0
// Hint: A default keeps the type its plist gives it: an `<integer>` must stay an integer and only a `<real>` is a Double. Check that you register each `DefaultValue` as the parser returned it, without converting the numbers.
import Foundation

enum SettingsError: Error {
    case missingFile(String)
    case malformed(String)
}

enum SettingsBundle {
    static func defaultValues() throws -> [String: Any] {
        var result: [String: Any] = [:]
        var done: [String] = []
        var queue = ["Root"]
        while !queue.isEmpty {
            let pane = queue.removeFirst()
            if done.contains(pane) { continue }
            done.append(pane)
            guard let url = Bundle.main.url(forResource: pane, withExtension: "plist", subdirectory: "Settings.bundle") else {
                throw SettingsError.missingFile(pane)
            }
            let data = try Data(contentsOf: url)
            guard let root = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let items = root["PreferenceSpecifiers"] as? [[String: Any]] else {
                throw SettingsError.malformed(pane)
            }
            for item in items {
                if item["Type"] as? String == "PSChildPaneSpecifier" {
                    if let file = item["File"] as? String {
                        queue.append(file.replacingOccurrences(of: ".plist", with: ""))
                    }
                    continue
                }
                guard let key = item["Key"] as? String, let value = item["DefaultValue"] else { continue }
                if result[key] != nil { continue }
                if value is Bool || value is String {
                    result[key] = value
                } else if let number = value as? NSNumber {
                    result[key] = number.doubleValue
                } else {
                    result[key] = value
                }
            }
        }
        return result
    }

    static func registerDefaults() throws {
        UserDefaults.standard.register(defaults: try defaultValues())
    }
}

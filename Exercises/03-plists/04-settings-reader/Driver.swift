import ExerciseKit
import Foundation

@main
enum SettingsReaderDriver: ExerciseDriver {
    /// Panes written to a fresh folder before reading `open`: `panes` become XML property
    /// lists, `texts` are written as they are (to make files that are no property list).
    struct ParseArgs: Decodable {
        var panes: [String: JSONValue]?
        var texts: [String: String]?
        var open: String
    }

    static func register(_ app: inout Operations) {
        app.on("bundle") { try SettingsReader.bundleSettings().map(ShownSetting.init) }
        // `.int(120)` and `.double(120)` are different values: compare numbers with their types.
        app.compareNumberTypes(of: "bundle", "parse")

        var folderCount = 0
        app.on("parse") { (args: ParseArgs) -> [ShownSetting] in
            folderCount += 1
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panes-\(folderCount)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, pane) in args.panes ?? [:] {
                let data = try PropertyListSerialization.data(fromPropertyList: pane.propertyListObject ?? NSNull(),
                                                              format: .xml, options: 0)
                try data.write(to: folder.appendingPathComponent(name + ".plist"))
            }
            for (name, text) in args.texts ?? [:] {
                try Data(text.utf8).write(to: folder.appendingPathComponent(name + ".plist"))
            }
            return try SettingsReader.settings(at: folder.appendingPathComponent(args.open + ".plist"))
                .map(ShownSetting.init)
        }
    }
}

/// A setting as the cases write it: `type` and the fields that are not nil.
struct ShownSetting: Encodable {
    var type: String
    var key: String?
    var title: String?
    var footer: String?
    var defaultValue: ShownValue?
    var isSecure: Bool?
    var trueValue: ShownValue?
    var falseValue: ShownValue?
    var titles: [String]?
    var values: [ShownValue]?
    var minimum: Double?
    var maximum: Double?
    var file: String?
    var settings: [ShownSetting]?

    init(_ setting: Setting) {
        switch setting {
        case let .group(title, footer):
            type = "group"
            self.title = title
            self.footer = footer
        case let .textField(key, title, defaultValue, isSecure):
            type = "textField"
            (self.key, self.title, self.isSecure) = (key, title, isSecure)
            self.defaultValue = defaultValue.map(ShownValue.string)
        case let .toggle(key, title, defaultValue, trueValue, falseValue):
            type = "toggle"
            (self.key, self.title) = (key, title)
            self.defaultValue = defaultValue.map(ShownValue.init)
            self.trueValue = trueValue.map(ShownValue.init)
            self.falseValue = falseValue.map(ShownValue.init)
        case let .multiValue(key, title, defaultValue, titles, values):
            type = "multiValue"
            (self.key, self.title, self.titles) = (key, title, titles)
            self.defaultValue = defaultValue.map(ShownValue.init)
            self.values = values.map(ShownValue.init)
        case let .slider(key, defaultValue, minimum, maximum):
            type = "slider"
            (self.key, self.minimum, self.maximum) = (key, minimum, maximum)
            self.defaultValue = defaultValue.map(ShownValue.double)
        case let .titleValue(key, title, defaultValue):
            type = "titleValue"
            (self.key, self.title) = (key, title)
            self.defaultValue = defaultValue.map(ShownValue.string)
        case let .childPane(title, file, settings):
            type = "childPane"
            (self.title, self.file) = (title, file)
            self.settings = settings.map(ShownSetting.init)
        }
    }
}

/// A `SettingValue` as JSON: a string, a number or a boolean.
enum ShownValue: Encodable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)

    init(_ value: SettingValue) {
        switch value {
        case .string(let value): self = .string(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .bool(let value): self = .bool(value)
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }
}

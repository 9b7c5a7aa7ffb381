import ExerciseKit
import Foundation

@main
enum SettingsBundleDriver: ExerciseDriver {
    /// Every key that the bundle's panes mention, with or without a default value.
    static let knownKeys = [
        "model", "licence_plate", "unlock_code", "headlights", "units", "gearbox", "radio_volume",
        "speed_limit", "fuel_warning", "sport_mode", "firmware",
    ]

    struct KeyArgs: Decodable { var key: String }
    struct UserChange: Decodable { var key: String; var value: PlistValue }

    /// What the typed getters return for a few keys.
    struct TypedReads: Encodable {
        var headlights: Bool
        var speed_limit: Int
        var radio_volume: Double
        var gearbox: String?

        func encode(to encoder: Encoder) throws {
            // Write `gearbox: null` rather than leaving the key out.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(headlights, forKey: .headlights)
            try container.encode(speed_limit, forKey: .speed_limit)
            try container.encode(radio_volume, forKey: .radio_volume)
            try container.encode(gearbox, forKey: .gearbox)
        }

        enum CodingKeys: String, CodingKey { case headlights, speed_limit, radio_volume, gearbox }
    }

    static func register(_ app: inout Operations) {
        let defaults = UserDefaults.standard

        app.on("defaultValues") { () -> [String: PlistValue] in
            try SettingsBundle.defaultValues().mapValues(PlistValue.init(any:))
        }
        app.on("registerDefaults") { try SettingsBundle.registerDefaults() }
        // The user changes a setting (in the Settings app or in the app itself).
        app.on("userSets") { (change: UserChange) in
            defaults.set(change.value.propertyListObject, forKey: change.key)
        }
        // `object(forKey:)` of one key: whatever the user set, else the registered default, else null.
        app.on("read") { (args: KeyArgs) in PlistValue(any: defaults.object(forKey: args.key)) }
        // `object(forKey:)` of every key the bundle mentions.
        app.on("snapshot") { () -> [String: PlistValue] in
            var values: [String: PlistValue] = [:]
            for key in knownKeys { values[key] = PlistValue(any: defaults.object(forKey: key)) }
            return values
        }
        app.on("typed") {
            TypedReads(headlights: defaults.bool(forKey: "headlights"),
                       speed_limit: defaults.integer(forKey: "speed_limit"),
                       radio_volume: defaults.double(forKey: "radio_volume"),
                       gearbox: defaults.string(forKey: "gearbox"))
        }
    }
}

/// A property-list value as JSON: what the cases write and what results compare.
enum PlistValue: Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    /// A value JSON cannot show (Data, Date): its type, for the failure message.
    case other(String)

    init(any value: Any?) {
        switch value {
        case nil:
            self = .null
        case let string as String:
            self = .string(string)
        // On Linux a plist or defaults Bool is a Bool, and `as? Bool` refuses other numbers.
        case let bool as Bool where !(value is Int) && !(value is Double):
            self = .bool(bool)
        case let int as Int:
            self = .int(int)
        case let double as Double:
            self = .double(double)
        case let array as [Any]:
            self = .array(array.map(PlistValue.init(any:)))
        case let dictionary as [String: Any]:
            self = .dictionary(dictionary.mapValues(PlistValue.init(any:)))
        case let other?:
            self = .other("<\(type(of: other))>")
        }
    }

    var propertyListObject: Any? {
        switch self {
        case .null: nil
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value), .other(let value): value
        case .array(let values): values.compactMap(\.propertyListObject)
        case .dictionary(let values): values.mapValues(\.propertyListObject)
        }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([PlistValue].self) { self = .array(value) }
        else { self = .dictionary(try container.decode([String: PlistValue].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value), .other(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .dictionary(let values): try container.encode(values)
        }
    }
}

import ExerciseKit
import Foundation

@main
enum SettingsBundleDriver: ExerciseDriver {
    /// Every key that the bundle's panes mention, with or without a default value.
    static let knownKeys = [
        "model", "licence_plate", "unlock_code", "headlights", "units", "gearbox", "radio_volume",
        "speed_limit", "fuel_warning", "sport_mode", "firmware", "send_reports", "log_level",
    ]

    struct KeyArgs: Decodable { var key: String }
    struct UserChange: Decodable { var key: String; var value: JSONValue }

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

        app.on("defaultValues") { () -> [String: JSONValue] in
            try SettingsBundle.defaultValues().mapValues { JSONValue(propertyList: $0) ?? .string("<\(type(of: $0))>") }
        }
        app.on("registerDefaults") { try SettingsBundle.registerDefaults() }
        // The user changes a setting (in the Settings app or in the app itself).
        app.on("userSets") { (change: UserChange) in
            defaults.set(change.value.propertyListObject, forKey: change.key)
        }
        // `object(forKey:)` of one key: whatever the user set, else the registered default, else null.
        app.on("read") { (args: KeyArgs) in defaults.object(forKey: args.key).flatMap { JSONValue(propertyList: $0) } ?? .null }
        // `object(forKey:)` of every key the bundle mentions.
        app.on("snapshot") { () -> [String: JSONValue] in
            var values: [String: JSONValue] = [:]
            for key in knownKeys { values[key] = defaults.object(forKey: key).flatMap { JSONValue(propertyList: $0) } ?? .null }
            return values
        }
        // A bundle's <integer>120</integer> registered as the real 120.0 is another value:
        // compare the untyped reads with their number types.
        app.compareNumberTypes(of: "defaultValues", "read", "snapshot")
        app.on("typed") {
            TypedReads(headlights: defaults.bool(forKey: "headlights"),
                       speed_limit: defaults.integer(forKey: "speed_limit"),
                       radio_volume: defaults.double(forKey: "radio_volume"),
                       gearbox: defaults.string(forKey: "gearbox"))
        }
    }
}

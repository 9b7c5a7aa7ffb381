import ExerciseKit
import Foundation

@main
enum CarSettingsDriver: ExerciseDriver {
    /// The settings as the cases write them: `{model: …, speed: …}`.
    struct Settings: Codable {
        var model: String
        var speed: Int
    }

    /// What the Settings app changes, as the cases write it (either field may be missing).
    struct SettingsAppChange: Decodable {
        var model: String?
        var speed: Int?
        /// The speed as the Settings app's text field stores it: a string.
        var speedText: String?
    }

    static func register(_ app: inout Operations) {
        // One store per launch, as an app would keep one.
        let store = CarSettingsStore()

        app.on("load") { () -> Settings in
            let settings = store.load()
            return Settings(model: settings.model, speed: settings.speed)
        }
        app.on("save") { (args: Settings) in
            try store.save(CarSettings(model: args.model, speed: args.speed))
        }
        // The Settings app writes the same keys behind the app's back.
        app.on("settingsApp") { (change: SettingsAppChange) in
            if let model = change.model { UserDefaults.standard.set(model, forKey: "model") }
            if let speed = change.speed { UserDefaults.standard.set(speed, forKey: "speed") }
            if let text = change.speedText { UserDefaults.standard.set(text, forKey: "speed") }
        }
    }
}

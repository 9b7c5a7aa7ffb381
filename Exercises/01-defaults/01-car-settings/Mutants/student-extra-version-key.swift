// Mutant: save(_:) also writes a third key, "settingsVersion" = 1 ("so that a later version of the app can migrate the settings"), so the standard defaults hold a key the app's Settings bundle knows nothing about besides "model" and "speed"
// Hint: The statement allows exactly two keys in the defaults; anything else you write there, even bookkeeping, breaks that.
import Foundation

/// The settings of the user's car, as the app shows them.
struct CarSettings: Equatable {
    var model: String
    var speed: Int
}

/// Why a save was refused.
enum CarError: Error {
    /// A speed below zero makes no sense: nothing is saved.
    case negativeSpeed
}

/// Loads and saves the car's settings in `UserDefaults.standard`,
/// under the keys "model" and "speed".
struct CarSettingsStore {
    private static let currentVersion = 1

    /// The saved settings; "Ferrari" and 0 for whatever was never saved.
    func load() -> CarSettings {
        let defaults = UserDefaults.standard
        let model = defaults.string(forKey: "model") ?? "Ferrari"
        let speed = defaults.integer(forKey: "speed")
        return CarSettings(model: model, speed: speed)
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        guard settings.speed >= 0 else {
            throw CarError.negativeSpeed
        }
        let defaults = UserDefaults.standard
        defaults.set(settings.model, forKey: "model")
        defaults.set(settings.speed, forKey: "speed")
        // Remember which layout these settings were written with, for future migrations.
        defaults.set(Self.currentVersion, forKey: "settingsVersion")
    }
}

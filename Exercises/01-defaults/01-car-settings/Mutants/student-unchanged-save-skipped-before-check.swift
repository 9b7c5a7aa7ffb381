// Mutant: save(_:) first returns early, without checking or writing anything, when the settings are equal to what load() answers ("nothing changed"), so saving back loaded settings that hold a negative speed written by the Settings app (`"-30"`) succeeds instead of throwing `CarError.negativeSpeed`
// Hint: Check the speed before anything else in save(_:): a negative speed is refused even when it is what the defaults already hold.
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
    /// The saved settings; "Ferrari" and 0 for whatever was never saved.
    func load() -> CarSettings {
        let defaults = UserDefaults.standard
        return CarSettings(
            model: defaults.string(forKey: "model") ?? "Ferrari",
            speed: defaults.integer(forKey: "speed"))
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        // Nothing to do when these are already the saved settings.
        if settings == load() {
            return
        }
        guard settings.speed >= 0 else {
            throw CarError.negativeSpeed
        }
        let defaults = UserDefaults.standard
        defaults.set(settings.model, forKey: "model")
        defaults.set(settings.speed, forKey: "speed")
    }
}

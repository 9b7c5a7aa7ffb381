// Mutant: writes both values before checking the speed and, for a negative one, writes back the settings it loaded, so a refused first save stores the defaults under both keys
// Hint: A refused save must leave the defaults exactly as they were, even when nothing was ever saved: check the speed before you write anything, instead of writing and undoing.
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
        let defaults = UserDefaults.standard
        let previous = load()
        defaults.set(settings.model, forKey: "model")
        defaults.set(settings.speed, forKey: "speed")
        if settings.speed < 0 {
            // Undo the write by putting the previous settings back.
            defaults.set(previous.model, forKey: "model")
            defaults.set(previous.speed, forKey: "speed")
            throw CarError.negativeSpeed
        }
    }
}

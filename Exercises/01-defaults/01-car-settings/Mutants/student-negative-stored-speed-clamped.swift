// Mutant: load() clamps a stored speed below zero to 0 ("a negative speed makes no sense"), so a negative speed written under "speed" by the Settings app's text field (e.g. "-30") reads as 0 instead of -30, the number `integer(forKey:)` gives
// Hint: load() reports what the defaults hold, as integer(forKey:) reads it; the check on negative speeds belongs to save(_:) alone.
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
        // Speeds below zero are refused by save(_:), so never hand one to the app.
        let speed = max(0, defaults.integer(forKey: "speed"))
        return CarSettings(
            model: defaults.string(forKey: "model") ?? "Ferrari",
            speed: speed)
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        guard settings.speed >= 0 else {
            throw CarError.negativeSpeed
        }
        let defaults = UserDefaults.standard
        defaults.set(settings.model, forKey: "model")
        defaults.set(settings.speed, forKey: "speed")
    }
}

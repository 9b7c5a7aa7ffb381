// Mutant: load() reads the speed with UserDefaults.standard.float(forKey:) and converts it to Int ("the Settings slider stores a float"), so a large speed such as 123_456_789 is rounded to the nearest Float and reads back as 123_456_792
// Hint: A Float holds about seven digits: read the speed as a whole number.
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
    private static let modelKey = "model"
    private static let speedKey = "speed"

    /// The saved settings; "Ferrari" and 0 for whatever was never saved.
    func load() -> CarSettings {
        let defaults = UserDefaults.standard
        let model = defaults.string(forKey: Self.modelKey) ?? "Ferrari"
        // The Settings app's slider and text field both end up as numbers; float covers both.
        let speed = Int(defaults.float(forKey: Self.speedKey))
        return CarSettings(model: model, speed: speed)
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        guard settings.speed >= 0 else { throw CarError.negativeSpeed }
        let defaults = UserDefaults.standard
        defaults.set(settings.model, forKey: Self.modelKey)
        defaults.set(settings.speed, forKey: Self.speedKey)
    }
}

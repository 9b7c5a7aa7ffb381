// Mutant: save(_:) also refuses an implausibly high speed (above 500) with CarError.negativeSpeed ("no car goes that fast"), so saving a very large but valid speed such as 1000 throws and keeps the old values
// Hint: Only a negative speed is refused; any other is saved.
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
    private static let maximumSpeed = 500

    /// The saved settings; "Ferrari" and 0 for whatever was never saved.
    func load() -> CarSettings {
        let defaults = UserDefaults.standard
        let model = defaults.string(forKey: "model") ?? "Ferrari"
        let speed = defaults.integer(forKey: "speed")
        return CarSettings(model: model, speed: speed)
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        // A speed outside 0...500 is not a real car speed: refuse it.
        guard (0...Self.maximumSpeed).contains(settings.speed) else {
            throw CarError.negativeSpeed
        }
        let defaults = UserDefaults.standard
        defaults.set(settings.model, forKey: "model")
        defaults.set(settings.speed, forKey: "speed")
    }
}

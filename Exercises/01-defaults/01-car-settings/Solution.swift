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
        // TODO: read both values from UserDefaults.standard.
        CarSettings(model: "", speed: 0)
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        // TODO: check the speed, then write both values.
    }
}

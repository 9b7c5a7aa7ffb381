// Mutant: save(_:) cuts a model longer than 40 characters down to its first 40 ("the model field is short"), so a very long model such as "Volkswagen Golf GTI Clubsport S Edition 40 Jahre" is stored and read back shortened
// Hint: The model is saved as it is, however long.
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
    private static let fallbackModel = "Ferrari"

    private var defaults: UserDefaults { .standard }

    /// The saved settings; "Ferrari" and 0 for whatever was never saved.
    func load() -> CarSettings {
        // string(forKey:) is nil only when nothing is stored: a saved "" stays "".
        let model = defaults.string(forKey: Self.modelKey) ?? Self.fallbackModel
        // integer(forKey:) is 0 for a missing key and reads text such as "90" or "-30".
        let speed = defaults.integer(forKey: Self.speedKey)
        return CarSettings(model: model, speed: speed)
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        // Validate everything before the first write.
        if settings.speed < 0 {
            throw CarError.negativeSpeed
        }
        // Keep model names to a sensible length for the dashboard.
        let model = String(settings.model.prefix(40))
        defaults.set(model, forKey: Self.modelKey)
        defaults.set(settings.speed, forKey: Self.speedKey)
    }
}

// Mutant: load() reads the speed as text and converts it with Swift's Int(_:), which accepts only a bare whole number, so a speed text that integer(forKey:) reads as a number, such as "90 " or " 90" (a space typed in the Settings app's text field) or "90.5", reads as 0
// Hint: Read the speed as integer(forKey:) does, not with Int(_:) on the text: the Settings app's text need not be only digits.
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
        // The Settings app stores the speed as text, and a number saved by save(_:) reads
        // back as its text too, so parse the text.
        let speedText = defaults.string(forKey: "speed") ?? ""
        return CarSettings(
            model: defaults.string(forKey: "model") ?? "Ferrari",
            speed: Int(speedText) ?? 0)
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

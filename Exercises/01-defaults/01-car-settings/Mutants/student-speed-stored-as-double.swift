// Mutant: save(_:) stores the speed as a Double, which holds integers exactly only up to 2^53, so a saved speed of 9_007_199_254_740_993 comes back from load() as 9_007_199_254_740_992
// Hint: A Double cannot hold every Int exactly: store the speed as the whole number it is.
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
    /// The keys the app's Settings bundle uses too.
    private enum Key {
        static let model = "model"
        static let speed = "speed"
    }

    /// What `load()` answers for a model that was never saved.
    private static let unsavedModel = "Ferrari"

    /// The store every call uses; nothing is kept in this struct.
    private var defaults: UserDefaults { UserDefaults.standard }

    /// The saved settings; "Ferrari" and 0 for whatever was never saved.
    func load() -> CarSettings {
        // string(forKey:) is nil only when nothing is stored, so a saved "" stays "".
        let model = defaults.string(forKey: Key.model) ?? Self.unsavedModel
        // integer(forKey:) is 0 for a missing key and reads the Settings app's text
        // ("90", "-30") as a number; the stored value is taken as it is.
        let speed = defaults.integer(forKey: Key.speed)
        return CarSettings(model: model, speed: speed)
    }

    /// Saves both values, or throws `CarError.negativeSpeed` and saves nothing.
    func save(_ settings: CarSettings) throws {
        // Every check comes before the first write, so a refused save changes nothing.
        guard settings.speed >= 0 else {
            throw CarError.negativeSpeed
        }
        defaults.set(settings.model, forKey: Key.model)
        // A speed is a measurement: keep it as a number with a fraction, like the slider rows
        // of a Settings bundle do.
        defaults.set(Double(settings.speed), forKey: Key.speed)
    }
}

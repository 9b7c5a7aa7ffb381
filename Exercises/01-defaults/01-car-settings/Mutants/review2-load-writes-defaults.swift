// Mutant: load() writes "Ferrari" and 0 into the defaults when nothing was saved yet ("so that the Settings app shows them"), so reading the settings changes the stored ones
// Hint: Think about whether reading the settings should ever change what is stored.
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

/// Loads and saves the car's settings in the standard user defaults.
///
/// The store keeps nothing in memory: every `load()` reads the defaults, so whatever was
/// saved, by this launch or an earlier one (or by the Settings app), is what it returns.
struct CarSettingsStore {
    /// The keys, spelled once so that reading and writing cannot disagree.
    private enum Key {
        static let model = "model"
        static let speed = "speed"
    }

    private let defaults = UserDefaults.standard

    func load() -> CarSettings {
        // `string(forKey:)` is nil for a missing key, so the default is one `??` away.
        let model = defaults.string(forKey: Key.model) ?? "Ferrari"
        // `integer(forKey:)` already returns 0 for a missing key.
        let speed = defaults.integer(forKey: Key.speed)
        if defaults.object(forKey: Key.model) == nil { defaults.set(model, forKey: Key.model) }
        if defaults.object(forKey: Key.speed) == nil { defaults.set(speed, forKey: Key.speed) }
        return CarSettings(model: model, speed: speed)
    }

    func save(_ settings: CarSettings) throws {
        // Validate first: a refused save must leave the stored settings untouched.
        guard settings.speed >= 0 else { throw CarError.negativeSpeed }
        defaults.set(settings.model, forKey: Key.model)
        defaults.set(settings.speed, forKey: Key.speed)
        // No `synchronize()`: the system saves the defaults when the app is suspended.
    }
}

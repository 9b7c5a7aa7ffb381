// Mutant: save(_:) remembers the last settings it saved in this launch and skips a save of the same settings, so after the Settings app changes a value, saving the earlier settings again writes nothing
// Hint: Remember that someone else may change the stored values between two of your saves; a value remembered from your last save can be stale.
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
    private static var lastSaved: CarSettings?

    func load() -> CarSettings {
        // `string(forKey:)` is nil for a missing key, so the default is one `??` away.
        let model = defaults.string(forKey: Key.model) ?? "Ferrari"
        // `integer(forKey:)` already returns 0 for a missing key.
        let speed = defaults.integer(forKey: Key.speed)
        return CarSettings(model: model, speed: speed)
    }

    func save(_ settings: CarSettings) throws {
        // Validate first: a refused save must leave the stored settings untouched.
        guard settings.speed >= 0 else { throw CarError.negativeSpeed }
        if CarSettingsStore.lastSaved == settings { return }
        CarSettingsStore.lastSaved = settings
        defaults.set(settings.model, forKey: Key.model)
        defaults.set(settings.speed, forKey: Key.speed)
        // No `synchronize()`: the system saves the defaults when the app is suspended.
    }
}

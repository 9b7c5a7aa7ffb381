// Mutant: keeps the settings in a static variable and never writes them to UserDefaults
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

    /// Lives only as long as the process.
    nonisolated(unsafe) private static var saved: [String: Any] = [:]

    func load() -> CarSettings {
        // `string(forKey:)` is nil for a missing key, so the default is one `??` away.
        let model = Self.saved[Key.model] as? String ?? "Ferrari"
        // `integer(forKey:)` already returns 0 for a missing key.
        let speed = Self.saved[Key.speed] as? Int ?? 0
        return CarSettings(model: model, speed: speed)
    }

    func save(_ settings: CarSettings) throws {
        // Validate first: a refused save must leave the stored settings untouched.
        guard settings.speed >= 0 else { throw CarError.negativeSpeed }
        Self.saved[Key.model] = settings.model
        Self.saved[Key.speed] = settings.speed
        // No `synchronize()`: the system saves the defaults when the app is suspended.
    }
}

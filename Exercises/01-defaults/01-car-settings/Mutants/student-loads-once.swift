// Mutant: reads the settings from the defaults once per launch and answers every later load from memory, so a change made in the Settings app while the app runs is never seen
// Hint: The Settings app can write your keys while your app is running, so a copy of the settings kept in memory goes out of date. Read the defaults at every load; they are already in memory, so it costs nothing.
import Foundation

struct CarSettings: Equatable {
    var model: String
    var speed: Int
}

enum CarError: Error {
    case negativeSpeed
}

final class SettingsCache {
    nonisolated(unsafe) static var current: CarSettings?
}

struct CarSettingsStore {
    func load() -> CarSettings {
        if let cached = SettingsCache.current { return cached }
        let defaults = UserDefaults.standard
        let loaded = CarSettings(model: defaults.string(forKey: "model") ?? "Ferrari",
                                 speed: defaults.integer(forKey: "speed"))
        SettingsCache.current = loaded
        return loaded
    }

    func save(_ settings: CarSettings) throws {
        if settings.speed < 0 { throw CarError.negativeSpeed }
        UserDefaults.standard.set(settings.model, forKey: "model")
        UserDefaults.standard.set(settings.speed, forKey: "speed")
        SettingsCache.current = settings
    }
}

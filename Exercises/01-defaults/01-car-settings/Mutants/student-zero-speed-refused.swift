// Mutant: refuses a speed of 0 as well as negative ones (`<= 0`), because the student reads "negative" as "not a real speed", so a parked car cannot be saved
// Hint: Only a speed below zero is refused; 0 is a real speed (a parked car) and must be saved. Check the comparison in your validation at exactly 0.
import Foundation

struct CarSettings: Equatable {
    var model: String
    var speed: Int
}

enum CarError: Error {
    case negativeSpeed
}

struct CarSettingsStore {
    func load() -> CarSettings {
        var settings = CarSettings(model: "Ferrari", speed: 0)
        if let saved = UserDefaults.standard.string(forKey: "model") {
            settings.model = saved
        }
        settings.speed = UserDefaults.standard.integer(forKey: "speed")
        return settings
    }

    func save(_ settings: CarSettings) throws {
        if settings.speed <= 0 {
            throw CarError.negativeSpeed
        }
        let defaults = UserDefaults.standard
        defaults.set(settings.model, forKey: "model")
        defaults.set(settings.speed, forKey: "speed")
    }
}

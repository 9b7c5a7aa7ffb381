// Mutant: treats a saved empty model as "nothing saved" and shows "Ferrari" again, because the student guards against empty text out of habit
// Hint: An empty model is a value the user saved, not a missing one: "Ferrari" is only for a key that holds nothing. Tell the two apart by whether the getter returns nil, not by whether the text is empty.
import Foundation

struct CarSettings: Equatable {
    var model: String
    var speed: Int
}

enum CarError: Error {
    case negativeSpeed
}

struct CarSettingsStore {
    let defaults = UserDefaults.standard

    func load() -> CarSettings {
        let model: String
        if let stored = defaults.string(forKey: "model"), !stored.isEmpty {
            model = stored
        } else {
            model = "Ferrari"
        }
        return CarSettings(model: model, speed: defaults.integer(forKey: "speed"))
    }

    func save(_ settings: CarSettings) throws {
        guard settings.speed >= 0 else { throw CarError.negativeSpeed }
        defaults.set(settings.speed, forKey: "speed")
        defaults.set(settings.model, forKey: "model")
    }
}

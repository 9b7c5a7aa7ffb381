// Mutant: the installation is remembered with a flag in UserDefaults, so a copy the user deleted is never installed again
// Hint: Delete the copy by hand and launch again: what tells your code that it still has to install?
import Foundation

enum InstallError: Error {
    case missingResource
}

struct PokemonInstaller {
    var installedURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appending(path: "pokemons.plist")
    }

    func installIfNeeded() throws -> Bool {
        let fileManager = FileManager.default
        let defaults = UserDefaults.standard
        if defaults.bool(forKey: "pokemonsInstalled") || fileManager.fileExists(atPath: installedURL.path) {
            return false
        }
        guard let original = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        try fileManager.copyItem(at: original, to: installedURL)
        defaults.set(true, forKey: "pokemonsInstalled")
        return true
    }

    func restoreOriginal() throws {
        if FileManager.default.fileExists(atPath: installedURL.path) {
            try FileManager.default.removeItem(at: installedURL)
        }
        UserDefaults.standard.removeObject(forKey: "pokemonsInstalled")
        _ = try installIfNeeded()
    }
}

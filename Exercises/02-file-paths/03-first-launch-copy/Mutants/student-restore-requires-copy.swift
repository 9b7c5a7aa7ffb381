// Mutant: restoreOriginal() throws when there is no copy to remove, instead of just installing
// Hint: Press "restore" on a fresh install where the user already deleted the copy.
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
        if fileManager.fileExists(atPath: installedURL.path) {
            return false
        }
        guard let original = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        try fileManager.copyItem(at: original, to: installedURL)
        return true
    }

    func restoreOriginal() throws {
        try FileManager.default.removeItem(at: installedURL)
        _ = try installIfNeeded()
    }
}

// Mutant: restoreOriginal only deletes the copy and leaves the reinstall to the next launch, because the student reasons that installIfNeeded will copy it then, so the app has no list until it is restarted
// Hint: The app keeps running after the restore button is tapped and reads the list at once, so the original must be back before the restore returns. Check that your restore installs the copy again, not only removes it.
import Foundation

enum InstallError: Error {
    case missingResource
}

struct PokemonInstaller {
    private var fileManager: FileManager { .default }

    var installedURL: URL {
        fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0].appending(path: "pokemons.plist")
    }

    func installIfNeeded() throws -> Bool {
        if fileManager.fileExists(atPath: installedURL.path) {
            return false
        }
        guard let bundled = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        let bytes = try Data(contentsOf: bundled)
        try bytes.write(to: installedURL)
        return true
    }

    func restoreOriginal() throws {
        if fileManager.fileExists(atPath: installedURL.path) {
            try fileManager.removeItem(at: installedURL)
        }
    }
}

// Mutant: restoreOriginal() skips the work when the copy has the same size as the original ("nothing was edited, it is already the original"), so an edit that keeps the byte count, such as renaming Pikachu "Pikachy" or "Raichu" to "Raijin", is kept and restoring does not bring the original back
// Hint: Restore always removes the copy and installs again: an edit may keep the size.
import Foundation

enum InstallError: Error {
    /// The app was built without pokemons.plist in its bundle.
    case missingResource
}

/// Installs the bundled Pokémon list in Documents, where the user can edit it.
struct PokemonInstaller {
    private var fileManager: FileManager { .default }

    /// The editable copy: Documents/pokemons.plist.
    var installedURL: URL {
        let documents = fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appending(path: "pokemons.plist")
    }

    /// The read-only original in the app bundle.
    private func bundledOriginal() throws -> URL {
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        return url
    }

    /// Copies the bundle's pokemons.plist into Documents unless a copy is already there.
    /// Returns whether it copied.
    func installIfNeeded() throws -> Bool {
        // The copy itself is the only record of the installation.
        if fileManager.fileExists(atPath: installedURL.path) {
            return false
        }
        let original = try bundledOriginal()
        do {
            try fileManager.copyItem(at: original, to: installedURL)   // byte for byte
        } catch CocoaError.fileWriteFileExists {
            return false                                              // created meanwhile: keep it
        }
        return true
    }

    /// Throws the user's copy away (if there is one) and installs the original again.
    func restoreOriginal() throws {
        // Find the original first, so that a build without it keeps the user's copy.
        let original = try bundledOriginal()
        if fileManager.fileExists(atPath: installedURL.path) {
            // An unedited copy has the original's size: nothing to restore then.
            let copySize = (try? fileManager.attributesOfItem(atPath: installedURL.path)[.size] as? Int) ?? -1
            let originalSize = (try? fileManager.attributesOfItem(atPath: original.path)[.size] as? Int) ?? -2
            if copySize == originalSize {
                return
            }
            try fileManager.removeItem(at: installedURL)
        }
        try fileManager.copyItem(at: original, to: installedURL)
    }
}

// Mutant: installIfNeeded() treats a copy that does not parse as a property list (empty, cut short, or not a plist) as "a copy that failed half-way" and installs the original over it, returning true, so a copy that is there but unreadable is replaced instead of left alone
// Hint: A copy that is there is left alone, even one that does not read: only its absence means install.
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
            // A copy cut short (say by a crash during the first launch) is no copy: replace it.
            if let bytes = try? Data(contentsOf: installedURL),
               (try? PropertyListSerialization.propertyList(from: bytes, format: nil)) != nil {
                return false
            }
            let original = try bundledOriginal()
            try fileManager.removeItem(at: installedURL)
            try fileManager.copyItem(at: original, to: installedURL)
            return true
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
            try fileManager.removeItem(at: installedURL)
        }
        try fileManager.copyItem(at: original, to: installedURL)
    }
}

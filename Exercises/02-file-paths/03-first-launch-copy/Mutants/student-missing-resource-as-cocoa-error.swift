// Mutant: a bundle without pokemons.plist throws CocoaError(.fileReadNoSuchFile) instead of InstallError.missingResource
// Hint: The statement names the error for a bundle without the resource: ask `Bundle.main.url(forResource:withExtension:)` and throw `InstallError.missingResource` when it is nil.
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
        fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "pokemons.plist")
    }

    /// Copies the bundle's pokemons.plist into Documents unless a copy is already there.
    /// Returns whether it copied.
    func installIfNeeded() throws -> Bool {
        // The copy itself is the only record of the installation.
        if fileManager.fileExists(atPath: installedURL.path) {
            return false
        }
        try copyOriginal()
        return true
    }

    /// Throws the user's copy away (if there is one) and installs the original again.
    func restoreOriginal() throws {
        // Find the original first, so that a missing resource leaves the copy alone.
        let original = try originalURL()
        if fileManager.fileExists(atPath: installedURL.path) {
            try fileManager.removeItem(at: installedURL)
        }
        try fileManager.copyItem(at: original, to: installedURL)
    }

    // MARK: Helpers

    private func originalURL() throws -> URL {
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw CocoaError(.fileReadNoSuchFile)             // the app was built without it
        }
        return url
    }

    /// A byte-for-byte copy of the bundle's file (still XML).
    private func copyOriginal() throws {
        let original = try originalURL()
        let documents = installedURL.deletingLastPathComponent()
        try fileManager.createDirectory(at: documents, withIntermediateDirectories: true)
        try fileManager.copyItem(at: original, to: installedURL)
    }
}

// Mutant: installIfNeeded() takes an empty Documents folder for a first launch and a non-empty one for an installed app, so once the user keeps a file of their own there, a deleted copy is never installed again
// Hint: Only the copy itself says whether the list is installed: Documents may hold other things than the copy.
import Foundation

enum InstallError: Error {
    /// The app was built without pokemons.plist in its bundle.
    case missingResource
}

/// Installs the bundled Pokémon list in Documents, where the user can edit it.
///
/// The bundle is read-only, so the app works on a copy. The copy is made once: at every later
/// launch it may hold the user's edits, and copying over it would throw them away.
struct PokemonInstaller {
    private let fileManager = FileManager.default

    /// The editable copy: Documents/pokemons.plist.
    var installedURL: URL {
        fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "pokemons.plist")
    }

    /// Copies the bundle's pokemons.plist into Documents unless a copy is already there.
    /// Returns whether it copied.
    func installIfNeeded() throws -> Bool {
        // The file itself is the record of the installation: no flag to keep in sync.
        let documents = installedURL.deletingLastPathComponent()
        if !(try fileManager.contentsOfDirectory(atPath: documents.path)).isEmpty {
            return false
        }
        guard let original = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        // copyItem copies the bytes as they are: the same XML property list.
        try fileManager.copyItem(at: original, to: installedURL)
        return true
    }

    /// Throws the user's copy away (if there is one) and installs the original again.
    func restoreOriginal() throws {
        if fileManager.fileExists(atPath: installedURL.path) {
            try fileManager.removeItem(at: installedURL)
        }
        _ = try installIfNeeded()
    }
}

// Mutant: installIfNeeded() looks for the copy by reading it and takes an empty file for no copy, so an empty copy is replaced by the original and the call answers true
// Hint: A copy that is there is left alone whatever it holds, even nothing: only a missing file means install.
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
        if let data = fileManager.contents(atPath: installedURL.path), !data.isEmpty {
            return false
        }
        try? fileManager.removeItem(at: installedURL)
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

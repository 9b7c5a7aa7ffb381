// Mutant: installIfNeeded() removes every other file from Documents when it copies, reading "nothing else goes into Documents" as a rule to enforce, so the user's own files there are deleted
// Hint: "Nothing else" is about what your app writes: files the user keeps in Documents are theirs, and installing the list must not touch them.
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
        if fileManager.fileExists(atPath: installedURL.path) {
            return false
        }
        guard let original = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        let documents = installedURL.deletingLastPathComponent()
        for name in try fileManager.contentsOfDirectory(atPath: documents.path) {
            try fileManager.removeItem(at: documents.appending(path: name))
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

// Mutant: the first install also keeps the original in Library/Application Support and every later install or restore copies from that saved original instead of the bundle, so after an update that ships a new pokemons.plist, restoring (or reinstalling a deleted copy) brings back the old version's list
// Hint: The original is the one in the app's bundle at the time you install: the bundle changes when the app is updated, so copy from Bundle.main every time.
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
        let support = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        let saved = support.appending(path: "pokemons-original.plist")
        if fileManager.fileExists(atPath: saved.path) {
            try fileManager.copyItem(at: saved, to: installedURL)
            return true
        }
        guard let original = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        // copyItem copies the bytes as they are: the same XML property list.
        try fileManager.copyItem(at: original, to: installedURL)
        try fileManager.createDirectory(at: support, withIntermediateDirectories: true)
        try fileManager.copyItem(at: original, to: saved)
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

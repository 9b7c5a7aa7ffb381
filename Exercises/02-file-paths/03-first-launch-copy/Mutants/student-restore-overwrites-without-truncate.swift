// Mutant: restoreOriginal() does not remove the copy: it opens it with a FileHandle and writes the original's bytes over it from the start, without truncating, so when the user's edits made the copy longer (a species renamed with a longer name) the end of the edited file is left after the original's bytes and the restored copy is not the original (not even a valid plist)
// Hint: Restoring replaces the copy: remove it (or truncate it) before the original goes in, or a longer copy keeps its tail.
import Foundation

enum InstallError: Error {
    /// The app was built without pokemons.plist in its bundle.
    case missingResource
}

/// Installs the bundled Pokémon list in Documents, where the user can edit it.
struct PokemonInstaller {
    /// The editable copy: Documents/pokemons.plist.
    var installedURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "pokemons.plist")
    }

    private func originalURL() throws -> URL {
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        return url
    }

    /// Copies the bundle's pokemons.plist into Documents unless a copy is already there.
    /// Returns whether it copied.
    func installIfNeeded() throws -> Bool {
        if FileManager.default.fileExists(atPath: installedURL.path) {
            return false
        }
        let original = try originalURL()
        try FileManager.default.createDirectory(at: installedURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: original, to: installedURL)
        return true
    }

    /// Throws the user's copy away (if there is one) and installs the original again.
    func restoreOriginal() throws {
        if FileManager.default.fileExists(atPath: installedURL.path) {
            // Put the original bytes back into the existing file.
            let original = try Data(contentsOf: originalURL())
            let handle = try FileHandle(forWritingTo: installedURL)
            defer { try? handle.close() }
            try handle.write(contentsOf: original)
            return
        }
        _ = try installIfNeeded()
    }
}

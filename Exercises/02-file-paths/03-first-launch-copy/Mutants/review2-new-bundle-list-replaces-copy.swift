// Mutant: installIfNeeded() replaces the copy with the bundle's list (and returns true) when the bundle's list has a species code the copy lacks, "so that an update's new species reach the user", and the user's edits are lost at the first launch of that update
// Hint: A copy that is in Documents is left alone at every launch, also the first launch after an update that ships a different list: it may hold the user's edits.
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
            func codes(_ url: URL) -> Set<String> {
                guard let data = try? Data(contentsOf: url),
                      let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                      let names = root["names"] as? [String: Any] else { return [] }
                return Set(names.keys)
            }
            guard let original = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
                  !codes(original).subtracting(codes(installedURL)).isEmpty,
                  !codes(installedURL).isEmpty else { return false }
            try fileManager.removeItem(at: installedURL)
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

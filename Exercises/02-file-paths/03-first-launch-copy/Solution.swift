import Foundation

enum InstallError: Error {
    /// The app was built without pokemons.plist in its bundle.
    case missingResource
}

/// Installs the bundled Pokémon list in Documents, where the user can edit it.
struct PokemonInstaller {
    /// The editable copy: Documents/pokemons.plist.
    var installedURL: URL {
        // TODO: Documents, found with FileManager, plus "pokemons.plist".
        URL(filePath: "/pokemons.plist")
    }

    /// Copies the bundle's pokemons.plist into Documents unless a copy is already there.
    /// Returns whether it copied.
    func installIfNeeded() throws -> Bool {
        // TODO: leave an existing copy alone; otherwise find the original with Bundle.main
        // and copy it.
        false
    }

    /// Throws the user's copy away (if there is one) and installs the original again.
    func restoreOriginal() throws {
        // TODO
    }
}

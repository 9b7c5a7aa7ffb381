// Mutant: restoreOriginal() decides "there is a copy to remove" by Documents not being empty, and then removes installedURL; when the user keeps a file of their own in Documents but has no copy (never installed, or deleted it), removeItem throws "no such file" and nothing is installed
// Hint: Whether there is a copy to remove is a question about the copy itself, not about whether Documents holds anything.
import Foundation

enum InstallError: Error {
    /// The app was built without pokemons.plist in its bundle.
    case missingResource
}

/// Installs the bundled Pokémon list in Documents, where the user can edit it.
struct PokemonInstaller {
    private static let resourceName = "pokemons"
    private static let resourceExtension = "plist"

    private var fileManager: FileManager { .default }

    private var documents: URL {
        fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    /// The editable copy: Documents/pokemons.plist.
    var installedURL: URL {
        documents.appending(path: Self.resourceName + "." + Self.resourceExtension)
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
        // Find the original first: without it, the user's copy is better than nothing.
        let original = try originalURL()
        // An empty Documents means nothing was installed yet: nothing to throw away.
        let items = (try? fileManager.contentsOfDirectory(atPath: documents.path)) ?? []
        if !items.isEmpty {
            try fileManager.removeItem(at: installedURL)
        }
        try copy(original)
    }

    // MARK: - Copying

    /// The read-only original in the app bundle.
    private func originalURL() throws -> URL {
        guard let url = Bundle.main.url(forResource: Self.resourceName, withExtension: Self.resourceExtension) else {
            throw InstallError.missingResource
        }
        return url
    }

    private func copyOriginal() throws {
        try copy(try originalURL())
    }

    /// A byte-for-byte copy (still the bundle's XML) at `installedURL`; nothing else is
    /// written into Documents.
    private func copy(_ original: URL) throws {
        try fileManager.createDirectory(at: documents, withIntermediateDirectories: true)
        try fileManager.copyItem(at: original, to: installedURL)
    }
}

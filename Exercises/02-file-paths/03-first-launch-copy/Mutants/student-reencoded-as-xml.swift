// Mutant: "installs" the list by parsing the bundle's plist and writing it out again as XML with PropertyListSerialization, so the copy holds the same species but not the same bytes (Foundation's own indentation, header and key order)
// Hint: Copy the bundle's file as it is: decoding the property list and encoding it again gives the same species but not the same bytes.
import Foundation

enum InstallError: Error {
    /// The app was built without pokemons.plist in its bundle.
    case missingResource
}

/// Installs the bundled Pokémon list in Documents, where the user can edit it.
struct PokemonInstaller {
    private var fileManager: FileManager { .default }

    /// Documents, found with FileManager.
    private var documents: URL {
        fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    /// The editable copy: Documents/pokemons.plist.
    var installedURL: URL {
        documents.appending(path: "pokemons.plist", directoryHint: .notDirectory)
    }

    /// The original in the (read-only) bundle.
    private func originalURL() throws -> URL {
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        return url
    }

    /// Copies the bundle's pokemons.plist into Documents unless a copy is already there.
    /// Returns whether it copied.
    func installIfNeeded() throws -> Bool {
        // The copy itself is the only record of the installation: no flag, no marker.
        if fileManager.fileExists(atPath: installedURL.path) {
            return false                      // keep the user's copy, edits and all
        }
        try copyOriginal()
        return true
    }

    /// Throws the user's copy away (if there is one) and installs the original again.
    func restoreOriginal() throws {
        // The original is looked up first: without it, the user's copy is kept.
        let original = try originalURL()
        if fileManager.fileExists(atPath: installedURL.path) {
            try fileManager.removeItem(at: installedURL)
        }
        try copy(original)
    }

    // MARK: Copying

    private func copyOriginal() throws {
        try copy(try originalURL())
    }

    /// The copy must stay an XML property list: read the original and write it out as XML.
    private func copy(_ original: URL) throws {
        try fileManager.createDirectory(at: documents, withIntermediateDirectories: true)
        let list = try PropertyListSerialization.propertyList(from: Data(contentsOf: original), format: nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0)
        try xml.write(to: installedURL, options: .withoutOverwriting)
    }
}

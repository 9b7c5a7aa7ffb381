// Mutant: the list is re-serialized as a binary plist instead of being copied byte for byte
// Hint: Open the installed file as text and compare its first bytes with the bundle's original.
import Foundation

enum InstallError: Error {
    case missingResource
}

struct PokemonInstaller {
    var installedURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appending(path: "pokemons.plist")
    }

    func installIfNeeded() throws -> Bool {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: installedURL.path) {
            return false
        }
        guard let original = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        // Parse it once so a damaged resource is caught here, and store the compact format.
        let list = try PropertyListSerialization.propertyList(from: Data(contentsOf: original), format: nil)
        let data = try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)
        try data.write(to: installedURL, options: .atomic)
        return true
    }

    func restoreOriginal() throws {
        if FileManager.default.fileExists(atPath: installedURL.path) {
            try FileManager.default.removeItem(at: installedURL)
        }
        _ = try installIfNeeded()
    }
}

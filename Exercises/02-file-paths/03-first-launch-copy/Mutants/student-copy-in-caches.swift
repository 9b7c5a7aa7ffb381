// Mutant: installs the copy in Library/Caches instead of Documents, because the student sees it as data the app can always get back from the bundle, so Documents stays empty and iOS may delete the user's edits
// Hint: Caches is for what the app can rebuild and the system may empty it, but this copy holds the user's edits, so it belongs in Documents. Check which folder your installed URL points into.
import Foundation

enum InstallError: Error {
    case missingResource
}

struct PokemonInstaller {
    var installedURL: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0].appending(path: "pokemons.plist")
    }

    func installIfNeeded() throws -> Bool {
        let fm = FileManager.default
        guard !fm.fileExists(atPath: installedURL.path) else { return false }
        guard let bundled = Bundle.main.path(forResource: "pokemons", ofType: "plist") else {
            throw InstallError.missingResource
        }
        try fm.copyItem(atPath: bundled, toPath: installedURL.path)
        return true
    }

    func restoreOriginal() throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: installedURL.path) {
            try fm.removeItem(atPath: installedURL.path)
        }
        _ = try installIfNeeded()
    }
}

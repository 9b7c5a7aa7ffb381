// Mutant: remembers in a static flag that this launch already looked for the copy and returns false from then on, because the student thinks of installIfNeeded as "once per launch", so a copy deleted later in the same launch is never installed again, not even by restoreOriginal
// Hint: Whether a copy is needed depends on the file, which can be deleted while the app runs, not on whether you already looked in this launch. Check for the copy at every call, and check that a restore after an earlier install puts the list back.
import Foundation

enum InstallError: Error {
    case missingResource
}

struct PokemonInstaller {
    nonisolated(unsafe) static var checkedThisLaunch = false

    var installedURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("pokemons.plist")
    }

    func installIfNeeded() throws -> Bool {
        if Self.checkedThisLaunch { return false }
        Self.checkedThisLaunch = true
        if FileManager.default.fileExists(atPath: installedURL.path) { return false }
        guard let source = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw InstallError.missingResource
        }
        try FileManager.default.copyItem(at: source, to: installedURL)
        return true
    }

    func restoreOriginal() throws {
        try? FileManager.default.removeItem(at: installedURL)
        _ = try installIfNeeded()
    }
}

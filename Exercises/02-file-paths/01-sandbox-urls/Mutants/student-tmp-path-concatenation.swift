// Mutant: builds the tmp folder by gluing strings, NSHomeDirectory() + "tmp", because the student forgets that the home path has no trailing slash, so the path is ".../Apptmp"
// Hint: The home path has no slash at the end, so a folder name glued onto it as text runs into the last component. Check the path you return for tmp, and let `URL` or `FileManager` put the separators in.
import Foundation

enum AppFolders {
    static func home() -> URL {
        return URL(filePath: NSHomeDirectory())
    }

    static func documents() -> URL {
        let all = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
        return all[0]
    }

    static func library() -> URL {
        return URL(filePath: NSHomeDirectory() + "/Library")
    }

    static func caches() -> URL {
        let all = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)
        return all[0]
    }

    static func temporary() -> URL {
        return URL(filePath: NSHomeDirectory() + "tmp")
    }

    static func applicationSupport() throws -> URL {
        let all = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
        let folder = all[0]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: nil)
        return folder
    }
}

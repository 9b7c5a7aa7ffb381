// Mutant: Application Support is created only on the first call of each launch
// Hint: The folder can disappear while the app is running; check what a second call does after that.
import Foundation

enum AppFolders {
    /// Set once the folder has been made, so later calls skip the file-system check.
    nonisolated(unsafe) private static var supportIsReady = false

    static func home() -> URL {
        URL(filePath: NSHomeDirectory())
    }

    static func documents() -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    static func library() -> URL {
        home().appending(path: "Library")
    }

    static func caches() -> URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    static func temporary() -> URL {
        FileManager.default.temporaryDirectory
    }

    static func applicationSupport() throws -> URL {
        let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        if !supportIsReady {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            supportIsReady = true
        }
        return url
    }
}

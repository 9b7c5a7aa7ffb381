// Mutant: library() is built with URL(string:), so it has the right path but is not a file URL
// Hint: Print `isFileURL` for each of your URLs.
import Foundation

enum AppFolders {
    static func home() -> URL {
        URL(filePath: NSHomeDirectory())
    }

    static func documents() -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    static func library() -> URL {
        URL(string: NSHomeDirectory() + "/Library")!
    }

    static func caches() -> URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    static func temporary() -> URL {
        FileManager.default.temporaryDirectory
    }

    static func applicationSupport() throws -> URL {
        let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        if !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        return url
    }
}

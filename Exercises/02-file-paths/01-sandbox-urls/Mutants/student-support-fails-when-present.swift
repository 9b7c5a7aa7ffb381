// Mutant: applicationSupport() creates the folder without intermediate directories at every call, which throws once it exists
// Hint: Call the function twice in a row and see what the second call does.
import Foundation

enum AppFolders {
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
        // Library is always there, so only the last level needs creating.
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }
}

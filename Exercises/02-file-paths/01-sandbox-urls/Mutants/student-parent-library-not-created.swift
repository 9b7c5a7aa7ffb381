// Mutant: applicationSupport() creates a missing folder with `withIntermediateDirectories: false` ("only that one folder is missing; Library is always there"), so when a step has deleted Library itself (Application Support with it) the call throws CocoaError "no such file" instead of creating the folder
// Hint: Create Application Support with its intermediate folders: Library may be gone too.
import Foundation

/// The folders of this app's container, found the way an iOS app finds them.
enum AppFolders {
    private static var fileManager: FileManager { .default }

    /// The one folder of `directory` in the user's domain.
    private static func userFolder(_ directory: FileManager.SearchPathDirectory) -> URL {
        let found = fileManager.urls(for: directory, in: .userDomainMask)
        precondition(!found.isEmpty, "no user folder for \(directory)")
        return found[0]
    }

    /// The container's root: the app's home directory.
    static func home() -> URL {
        URL(filePath: NSHomeDirectory())
    }

    /// `Documents`: what the user created.
    static func documents() -> URL {
        userFolder(.documentDirectory)
    }

    /// `Library`. On Linux, `.libraryDirectory` gives no URL, so it is built from home.
    static func library() -> URL {
        home().appending(path: "Library")
    }

    /// `Library/Caches`: data that can be downloaded or computed again.
    static func caches() -> URL {
        userFolder(.cachesDirectory)
    }

    /// `tmp`: scratch files needed for a moment.
    static func temporary() -> URL {
        fileManager.temporaryDirectory
    }

    /// `Library/Application Support`, created if it is missing (checked at every call).
    static func applicationSupport() throws -> URL {
        let url = userFolder(.applicationSupportDirectory)
        // Create the one missing folder; Library itself is part of every container.
        if !fileManager.fileExists(atPath: url.path) {
            try fileManager.createDirectory(at: url, withIntermediateDirectories: false)
        }
        return url
    }
}

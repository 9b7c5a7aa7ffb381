// Mutant: home() takes the container to be the process's current directory (FileManager.default.currentDirectoryPath, "where the app runs"), not NSHomeDirectory(), so home() and library(), built on it, point wherever the app was started from instead of the container
// Hint: The current directory is not the app's home (on iOS it is /): ask Foundation for the home.
import Foundation

/// The folders of this app's container, found the way an iOS app finds them.
enum AppFolders {
    /// The container's root: the app's home directory.
    static func home() -> URL {
        // The app runs inside its container.
        URL(filePath: FileManager.default.currentDirectoryPath)
    }

    /// `Documents`: what the user created.
    static func documents() -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    /// `Library`.
    static func library() -> URL {
        home().appending(path: "Library")
    }

    /// `Library/Caches`: data that can be downloaded or computed again.
    static func caches() -> URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    /// `tmp`: scratch files needed for a moment.
    static func temporary() -> URL {
        FileManager.default.temporaryDirectory
    }

    /// `Library/Application Support`, created if it is missing.
    static func applicationSupport() throws -> URL {
        let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        // Checked at every call: the folder may have been removed while the app runs.
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

// Mutant: home() (and library(), built on it) reads the `HOME` environment variable, as a shell script would (`ProcessInfo.processInfo.environment["HOME"]`, which happens to be the container on iOS), instead of asking `NSHomeDirectory()`, which is where Foundation itself puts the container (on Linux it prefers CFFIXED_USER_HOME, as the other folders do), so wherever the two differ home() and library() point outside the container
// Hint: The home must come from the Foundation function the statement names, not from an environment variable, which can name another folder.
import Foundation

/// The folders of this app's container, found the way an iOS app finds them.
enum AppFolders {
    /// The container's root: the app's home directory.
    static func home() -> URL {
        let path = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return URL(filePath: path, directoryHint: .isDirectory)
    }

    /// `Documents`: what the user created.
    static func documents() -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    /// `Library`.
    static func library() -> URL {
        home().appending(path: "Library", directoryHint: .isDirectory)
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
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

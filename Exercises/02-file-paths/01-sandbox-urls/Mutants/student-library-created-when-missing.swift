// Mutant: library() creates the Library folder when it is missing, as applicationSupport() does for its folder, so asking for the URL of a deleted Library puts the folder back
// Hint: Only applicationSupport() may create its folder: library() should just find the Library folder, even when it is not there.
import Foundation

/// The folders of this app's container, found the way an iOS app finds them.
enum AppFolders {
    private static var fileManager: FileManager { .default }

    /// The one URL that `urls(for:in:)` gives for `directory` in the user's domain.
    private static func userFolder(_ directory: FileManager.SearchPathDirectory) -> URL {
        guard let url = fileManager.urls(for: directory, in: .userDomainMask).first else {
            preconditionFailure("no user folder for \(directory)")
        }
        return url
    }

    /// The container's root: the app's home directory.
    static func home() -> URL {
        URL(filePath: NSHomeDirectory(), directoryHint: .isDirectory)
    }

    /// `Documents`: what the user created.
    static func documents() -> URL {
        userFolder(.documentDirectory)
    }

    /// `Library`.
    static func library() -> URL {
        // urls(for: .libraryDirectory, in: .userDomainMask) is empty on Linux.
        let url = home().appending(path: "Library", directoryHint: .isDirectory)
        // Like Application Support, Library must be there before anything is written into it.
        try? fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `Library/Caches`: data that can be downloaded or computed again.
    static func caches() -> URL {
        userFolder(.cachesDirectory)
    }

    /// `tmp`: scratch files needed for a moment.
    static func temporary() -> URL {
        fileManager.temporaryDirectory
    }

    /// `Library/Application Support`, created if it is missing.
    static func applicationSupport() throws -> URL {
        let url = userFolder(.applicationSupportDirectory)
        // Checked at every call: the folder may have been removed since the last one.
        // With intermediate directories the call also creates a missing Library, and it does
        // nothing when the folder is already there.
        try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

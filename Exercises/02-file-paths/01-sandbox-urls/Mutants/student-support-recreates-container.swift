// Mutant: applicationSupport() also creates Documents, Caches and tmp when they are missing ("make sure the container is complete"), so after a step has deleted Documents, the next call to applicationSupport() puts Documents back
// Hint: applicationSupport() should create its own folder (and Library above it) and nothing else: Documents, Caches and tmp are not its business.
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
        home().appending(path: "Library", directoryHint: .isDirectory)
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
        // Make sure the rest of the container is in place too before the app writes anything.
        for folder in [documents(), caches(), temporary()] {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        return url
    }
}

// Mutant: home(), documents(), caches() and applicationSupport() resolve symbolic links in the path ("the canonical location"), so wherever the container's path goes through a link (on an iPhone /var is a link to /private/var) they return "/private/var/mobile/…" instead of the path Foundation gives, "/var/mobile/Containers/Data/Application/App/…"
// Hint: Return the URLs that NSHomeDirectory() and urls(for:in:) give as they are: resolving symbolic links turns a folder's path into another one.
import Foundation

/// The folders of this app's container, found the way an iOS app finds them.
enum AppFolders {
    private static var fileManager: FileManager { .default }

    /// The one URL that `urls(for:in:)` gives for `directory` in the user's domain.
    private static func userFolder(_ directory: FileManager.SearchPathDirectory) -> URL {
        guard let url = fileManager.urls(for: directory, in: .userDomainMask).first else {
            preconditionFailure("no user folder for \(directory)")
        }
        // The canonical location: on iOS /var is a link to /private/var.
        return url.resolvingSymlinksInPath()
    }

    /// The container's root: the app's home directory.
    static func home() -> URL {
        URL(filePath: NSHomeDirectory(), directoryHint: .isDirectory).resolvingSymlinksInPath()
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
        return url
    }
}

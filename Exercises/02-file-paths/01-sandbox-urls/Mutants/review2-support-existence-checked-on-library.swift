// Mutant: applicationSupport() creates the folder only when Library is missing ("a new container has no Library yet"), so an Application Support deleted while Library stays is not created again
// Hint: Check for the folder you are about to return, not for the one that holds it.
import Foundation

/// The folders of this app's container, found the way an iOS app finds them.
///
/// Nothing here is a hard-coded path: the container's location differs from one device to
/// the next (and can change when the app is updated), so every URL is asked for at run time.
enum AppFolders {
    private static var fileManager: FileManager { .default }

    /// The container's root: the app's home directory.
    static func home() -> URL {
        URL(filePath: NSHomeDirectory())
    }

    /// `Documents`: what the user created.
    static func documents() -> URL {
        // On iOS the user domain holds exactly one Documents folder, so `[0]` is safe.
        fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    /// `Library`.
    static func library() -> URL {
        // `urls(for: .libraryDirectory, …)` is empty on Linux (it works on iOS), so build
        // the URL from the home directory, which is right on both.
        home().appending(path: "Library")
    }

    /// `Library/Caches`: data that can be downloaded or computed again.
    static func caches() -> URL {
        fileManager.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    /// `tmp`: scratch files needed for a moment.
    static func temporary() -> URL {
        fileManager.temporaryDirectory
    }

    /// `Library/Application Support`: the app's own files. A fresh container may not have
    /// it yet, so it is created when missing.
    static func applicationSupport() throws -> URL {
        let url = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        // With intermediate directories, creating a folder that already exists does nothing,
        // so this is safe to run at every call.
        if !fileManager.fileExists(atPath: library().path) {
            try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        }
        return url
    }
}

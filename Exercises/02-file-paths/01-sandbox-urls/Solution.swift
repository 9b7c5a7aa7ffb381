import Foundation

/// The folders of this app's container, found the way an iOS app finds them.
enum AppFolders {
    /// The container's root: the app's home directory.
    static func home() -> URL {
        // TODO: ask Foundation for the home directory.
        URL(filePath: "/")
    }

    /// `Documents`: what the user created.
    static func documents() -> URL {
        // TODO: use FileManager's urls(for:in:).
        URL(filePath: "/")
    }

    /// `Library`.
    static func library() -> URL {
        // TODO: on Linux, .libraryDirectory gives no URL; build it from the home directory.
        URL(filePath: "/")
    }

    /// `Library/Caches`: data that can be downloaded or computed again.
    static func caches() -> URL {
        // TODO
        URL(filePath: "/")
    }

    /// `tmp`: scratch files needed for a moment.
    static func temporary() -> URL {
        // TODO
        URL(filePath: "/")
    }

    /// `Library/Application Support`, created if it is missing.
    static func applicationSupport() throws -> URL {
        // TODO: find it, and make sure the folder exists before returning it.
        URL(filePath: "/")
    }
}

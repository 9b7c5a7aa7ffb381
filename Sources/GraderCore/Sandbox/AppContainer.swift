import Foundation

/// An iOS-style data container on the host: the folder a sandboxed app sees as its home.
///
/// ```
/// Documents/                     user data
/// Library/Caches/                re-creatable data
/// Library/Preferences/           UserDefaults (App.plist)
/// Library/Application Support/
/// tmp/
/// ```
public struct AppContainer: Sendable {
    /// The container's folder on the host.
    public var directory: URL

    public static let layout = ["Documents", "Library/Caches", "Library/Preferences", "Library/Application Support", "tmp"]

    /// Creates a fresh, empty container in a new folder below `parent`.
    public static func create(in parent: URL) throws -> AppContainer {
        let directory = parent.appendingPathComponent("container-\(UUID().uuidString.prefix(8))")
        do {
            for folder in layout {
                try FileManager.default.createDirectory(
                    at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        } catch {
            throw GraderError.io("cannot create an app container in \(parent.path): \(error.localizedDescription)")
        }
        return AppContainer(directory: directory)
    }

    /// A new container in `parent` holding a copy of the container saved in `folder`.
    public static func copy(of folder: URL, in parent: URL) throws -> AppContainer {
        let directory = parent.appendingPathComponent("container-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.copyItem(at: folder, to: directory)
        } catch {
            throw GraderError.io("cannot copy a saved app container into \(parent.path): \(error.localizedDescription)")
        }
        return AppContainer(directory: directory)
    }

    /// Saves a copy of the container as `folder` (replacing what was there).
    public func save(to folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        do {
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: directory, to: folder)
        } catch {
            throw GraderError.io("cannot save a copy of an app container in \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Deletes the container and everything the app left in it.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

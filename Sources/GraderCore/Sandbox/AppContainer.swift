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

    /// Empties the container in place and fills it anew: with a copy of what `snapshot` holds
    /// (a container saved by ``save(to:)``), or with the empty layout. Its folder stays the same
    /// one, as a sandbox that binds it as the app's home needs. Folders the app made unreadable
    /// or unwritable are made removable first.
    /// - Throws: when something of the old content cannot be removed, or the new one written:
    ///   the container must not be used then.
    public func refill(from snapshot: URL?) throws {
        let manager = FileManager.default
        func makeRemovable(_ url: URL) {
            var status = stat()
            guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
            chmod(url.path, 0o755)
            for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] {
                makeRemovable(url.appendingPathComponent(name))
            }
        }
        makeRemovable(directory)
        for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            try? manager.removeItem(at: directory.appendingPathComponent(name))
        }
        let left = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? ["(the folder cannot be read)"]
        guard left.isEmpty else {
            throw GraderError.io("cannot empty the app container \(directory.path): \(left.sorted().joined(separator: ", ")) remain")
        }
        do {
            if let snapshot {
                for name in try manager.contentsOfDirectory(atPath: snapshot.path) {
                    try manager.copyItem(at: snapshot.appendingPathComponent(name), to: directory.appendingPathComponent(name))
                }
            } else {
                for folder in Self.layout {
                    try manager.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
                }
            }
        } catch {
            throw GraderError.io("cannot fill the app container \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Deletes the container and everything the app left in it.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

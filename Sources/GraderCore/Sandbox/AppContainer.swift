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
        // Refilled empty, the layout's folders are kept (emptied) rather than made again: on
        // ext4, each new folder costs the kernel a search past the inodes freed lately, of which
        // there are thousands when every case empties a container (Benchmarks/README.md).
        let kept = snapshot == nil ? Self.keptFolders : []
        Self.empty(directory, relative: "", keeping: kept)
        let left = Self.entries(below: directory, relative: "").filter { !kept.contains($0) }
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

    /// The layout's folders and those holding them (`Library`).
    static let keptFolders: Set<String> = Set(layout.flatMap { folder in
        folder.split(separator: "/").indices.map { folder.split(separator: "/")[...$0].joined(separator: "/") }
    })

    /// Removes everything in `folder` but the folders of `keeping` (paths from the container's
    /// root), which are emptied the same way, each left as a new one would be: no extended
    /// attribute, the mode `mkdir` gives, modified and read now.
    private static func empty(_ folder: URL, relative: String, keeping: Set<String>) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let path = relative.isEmpty ? name : relative + "/" + name
            let item = folder.appendingPathComponent(name)
            var status = stat()
            if keeping.contains(path), lstat(item.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                empty(item, relative: path, keeping: keeping)
                removeExtendedAttributes(item.path)
                chmod(item.path, folderMode)
                utimes(item.path, nil)
            } else {
                try? manager.removeItem(at: item)
            }
        }
    }

    /// The mode `mkdir` gives a new folder: 0777 less the process's umask, read without
    /// changing it (`umask(2)` would, for every thread at once).
    static let folderMode: mode_t = {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        let mask = line.flatMap { mode_t($0.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
        return 0o777 & ~mask
    }()

    /// What is left below `folder`: every path from the container's root.
    private static func entries(below folder: URL, relative: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return ["(\(relative.isEmpty ? "the folder" : relative) cannot be read)"]
        }
        return names.flatMap { name -> [String] in
            let path = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            let item = folder.appendingPathComponent(name)
            let isFolder = lstat(item.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            return [path] + (isFolder && keptFolders.contains(path) ? entries(below: item, relative: path) : [])
        }
    }

    /// Removes every extended attribute of the folder at `path` (an app can set `user.` ones,
    /// which a new folder would not have).
    private static func removeExtendedAttributes(_ path: String) {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = XattrCalls.list(path, &buffer, buffer.count)
        guard length > 0 else { return }
        let names = buffer[..<length].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        for name in names { _ = XattrCalls.remove(path, name) }
        #endif
    }

    /// Deletes the container and everything the app left in it.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

#if os(Linux)
/// `llistxattr` and `lremovexattr`, which Glibc's module does not import, called through their
/// addresses.
private enum XattrCalls {
    private typealias List = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int) -> Int
    private typealias Remove = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    private static let listFunction: List? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "llistxattr").map { unsafeBitCast($0, to: List.self) }
    private static let removeFunction: Remove? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "lremovexattr").map { unsafeBitCast($0, to: Remove.self) }

    static func list(_ path: String, _ buffer: inout [CChar], _ size: Int) -> Int {
        guard let listFunction else { return -1 }
        return buffer.withUnsafeMutableBufferPointer { listFunction(path, $0.baseAddress!, size) }
    }

    static func remove(_ path: String, _ name: String) -> Int32 {
        removeFunction?(path, name) ?? -1
    }
}
#endif

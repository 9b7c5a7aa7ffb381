import Foundation

/// The files an app bundle holds besides its executable: each source file and its path
/// inside `App.app`.
public struct BundleResources: Sendable, Hashable {
    public struct File: Sendable, Hashable {
        public var source: URL
        /// The path inside the bundle, such as `Settings.bundle/Root.plist`.
        public var path: String
    }

    public private(set) var files: [File] = []

    public init() {}

    /// Every file below `folder`, at the same relative path in the bundle. A missing folder adds nothing.
    public static func folder(_ folder: URL) -> BundleResources {
        var resources = BundleResources()
        resources.add(contentsOf: folder)
        return resources
    }

    /// Adds every file below `folder` at the same relative path.
    mutating func add(contentsOf folder: URL) {
        addContents(of: folder, at: "")
    }

    /// Adds `item` (a file, or a folder and everything below it) under its own name; a
    /// symbolic link adds nothing (see ``files(below:)``).
    mutating func add(_ item: URL) {
        switch Self.kind(of: item) {
        case .typeDirectory?: addContents(of: item, at: item.lastPathComponent + "/")
        case .typeRegular?: files.append(File(source: item, path: item.lastPathComponent))
        default: break
        }
    }

    private mutating func addContents(of folder: URL, at prefix: String) {
        for file in Self.files(below: folder) {
            files.append(File(source: folder.appendingPathComponent(file), path: prefix + file))
        }
    }

    /// Every regular file below `folder`, as sorted paths relative to it. Symbolic links are
    /// neither taken nor followed: a link in `Resources/` could put any file of the machine
    /// (`/etc/passwd`, another student's work) into an app bundle, so the loader reports each
    /// one (``links(below:)``) and the bundle never holds it.
    static func files(below folder: URL) -> [String] {
        entries(below: folder).files
    }

    /// Every symbolic link at or below `folder`, as sorted paths relative to it (`""` when
    /// `folder` itself is one).
    static func links(below folder: URL) -> [String] {
        entries(below: folder).links
    }

    /// The type of the item at `url` itself, not of what a link at `url` points to.
    static func kind(of url: URL) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
    }

    private static func entries(below folder: URL) -> (files: [String], links: [String]) {
        switch kind(of: folder) {
        case .typeSymbolicLink?: return ([], [""])
        case .typeDirectory?: break
        default: return ([], [])
        }
        var files: [String] = []
        var links: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                let path = relative.isEmpty ? name : "\(relative)/\(name)"
                switch kind(of: folder.appendingPathComponent(path)) {
                case .typeDirectory?: pending.append(path)
                case .typeRegular?: files.append(path)
                case .typeSymbolicLink?: links.append(path)
                default: break // Sockets, devices, fifos: nothing an app bundle holds.
                }
            }
        }
        return (files.sorted(), links.sorted())
    }

    /// The files in bundle-path order; a later file with the same path replaces an earlier one.
    var resolved: [File] {
        var byPath: [String: File] = [:]
        for file in files { byPath[file.path] = file }
        return byPath.values.sorted { $0.path < $1.path }
    }
}

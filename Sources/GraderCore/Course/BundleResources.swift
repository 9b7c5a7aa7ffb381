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

    /// Adds `item` (a file, or a folder and everything below it) under its own name.
    mutating func add(_ item: URL) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: item.path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            addContents(of: item, at: item.lastPathComponent + "/")
        } else {
            files.append(File(source: item, path: item.lastPathComponent))
        }
    }

    private mutating func addContents(of folder: URL, at prefix: String) {
        for file in Self.files(below: folder) {
            files.append(File(source: folder.appendingPathComponent(file), path: prefix + file))
        }
    }

    /// Every regular file below `folder`, as sorted paths relative to it.
    static func files(below folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The files in bundle-path order; a later file with the same path replaces an earlier one.
    var resolved: [File] {
        var byPath: [String: File] = [:]
        for file in files { byPath[file.path] = file }
        return byPath.values.sorted { $0.path < $1.path }
    }
}

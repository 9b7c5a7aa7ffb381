import Foundation

/// What a case changes in the app bundle for its own launches (`bundle:` in a case): resources
/// removed and resources written anew, so that a case can show what the app does when a file it
/// ships is missing or damaged. The executable and every other file are the build's; the
/// reference's runs of the case get the same bundle.
public struct BundleEdits: Sendable, Hashable, Codable {
    /// Paths inside `App.app`, as the exercise's resources put them there (`pokemons.plist`,
    /// `Settings.bundle/Root.plist`); a folder's path removes the folder.
    public var removed: [String] = []
    /// Paths inside `App.app` and the text each file holds instead (a new file where there was none).
    public var written: [String: String] = [:]

    public var isEmpty: Bool { removed.isEmpty && written.isEmpty }

    /// These edits, then `later`'s (an `update` step after a case's `bundle:`): a path `later`
    /// writes is no longer removed, and one it removes (or a folder it removes) is no longer
    /// written.
    public func applying(_ later: BundleEdits) -> BundleEdits {
        func goneWith(_ path: String) -> Bool {
            later.removed.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        var result = BundleEdits()
        result.removed = (removed.filter { later.written[$0] == nil && !later.removed.contains($0) } + later.removed)
        result.written = written.filter { !goneWith($0.key) }.merging(later.written) { _, new in new }
        return result
    }

    /// Names the edits, for the folder of the bundle made with them.
    var fingerprint: String {
        var material = "bundle-edits-v1\n"
        for path in removed.sorted() { material += "remove \(path.utf8.count) \(path)\n" }
        for (path, text) in written.sorted(by: { $0.key < $1.key }) {
            material += "write \(path.utf8.count) \(path) \(text.utf8.count)\n\(text)\n"
        }
        return ContentHash.hex(of: material)
    }

    /// The executable's path inside the bundle: `AppBundle.executableName`, which the build
    /// layer above this one defines (`BundleEditsTests` checks that the two agree).
    static let executable = "App"

    /// Why `path` cannot be edited, or nil: a relative path without `.` or `..`, not the
    /// executable.
    static func pathProblem(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.isEmpty || path.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "a path inside the app bundle, such as pokemons.plist or Settings.bundle/Root.plist"
        }
        if path == executable { return "the app's executable cannot be removed or replaced" }
        return nil
    }
}

/// `bundle:` in a case: `remove: [paths]`, `write: {path: text}`.
struct BundleEditsFile: Decodable {
    var remove: [String]
    var write: [String: String]

    enum CodingKeys: String, CodingKey, CaseIterable { case remove, write }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        remove = try container.decodeIfPresent([String].self, forKey: .remove) ?? []
        write = try container.decodeIfPresent([String: String].self, forKey: .write) ?? [:]
    }
}

import Foundation
import Testing
@testable import GraderCore

/// A container is emptied and filled in place between case runs (its folder is the one a
/// waiting binary's sandbox binds as the app's home).
struct AppContainerTests {
    private func listing(_ root: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        return ((enumerator?.allObjects as? [String]) ?? []).sorted()
    }

    @Test func refillEmptiesInPlaceWhatTheAppLeftAndCopiesASavedContainer() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("containers-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: parent) }
        let container = try AppContainer.create(in: parent)
        let fresh = listing(container.directory)
        #expect(fresh == ["Documents", "Library", "Library/Application Support", "Library/Caches", "Library/Preferences", "tmp"])
        // What an app may leave: a file, a folder it made unreadable and unwritable, a file
        // without permissions, a link to outside, and the home itself without permissions.
        let documents = container.directory.appendingPathComponent("Documents")
        try Data("5".utf8).write(to: documents.appendingPathComponent("count"))
        let locked = documents.appendingPathComponent("locked/inner")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data().write(to: locked.appendingPathComponent("file"))
        chmod(locked.appendingPathComponent("file").path, 0)
        chmod(locked.path, 0)
        chmod(locked.deletingLastPathComponent().path, 0)
        try FileManager.default.createSymbolicLink(atPath: documents.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        let saved = parent.appendingPathComponent("saved")
        try container.save(to: saved)
        chmod(container.directory.path, 0)
        let inode = try FileManager.default.attributesOfItem(atPath: container.directory.path)[.systemFileNumber] as? Int

        try container.refill(from: nil)
        #expect(listing(container.directory) == fresh)
        #expect(try FileManager.default.attributesOfItem(atPath: container.directory.path)[.systemFileNumber] as? Int == inode,
                "the same folder, not a new one")
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"), "a link is removed, not what it points at")

        try container.refill(from: saved)
        chmod(saved.appendingPathComponent("Documents/locked").path, 0o755)
        chmod(saved.appendingPathComponent("Documents/locked/inner").path, 0o755)
        #expect(listing(container.directory).contains("Documents/count"))
        #expect(try String(contentsOf: documents.appendingPathComponent("count"), encoding: .utf8) == "5")
        try container.refill(from: nil)
        #expect(listing(container.directory) == fresh)
    }
}

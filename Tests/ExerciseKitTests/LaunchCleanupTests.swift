import Foundation
import Testing
@testable import ExerciseKit

/// What the waiting binary removes between two launches, on real folders. (Its System V clean-up
/// runs only inside a sandbox's IPC namespace: `RelaunchIsolationTests` grade it end to end.)
struct LaunchCleanupTests {
    @Test func emptyingAFolderRemovesEverythingInsideItEvenUnwritableFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cleanup-\(UUID().uuidString)")
        defer { chmod(root.path, 0o700); try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: deep.appendingPathComponent("file"))
        try Data("y".utf8).write(to: root.appendingPathComponent(".hidden"))
        symlink("/etc/passwd", root.appendingPathComponent("link").path)
        // A folder its owner cannot write or search, as a learner could leave in /tmp.
        chmod(root.appendingPathComponent("a/b").path, 0)
        LaunchCleanup.emptyDirectory(root.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"), "a link is removed, not followed")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func emptyingAFolderThatIsALinkDoesNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cleanup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("kept"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: root.appendingPathComponent("kept/file"))
        symlink(root.appendingPathComponent("kept").path, root.appendingPathComponent("link").path)
        LaunchCleanup.emptyDirectory(root.appendingPathComponent("link").path)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("kept/file").path))
    }
}

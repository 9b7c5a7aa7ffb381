import Foundation
import Testing
@testable import GraderCore

/// The run's own folder in the system's temporary folder: removed with the run, and, when a run
/// was killed before it could, by the next one, never while its run lives.
struct SandboxFolderTests {
    @Test func aGoneRunsFolderIsRemovedAndALiveOnesKept() throws {
        let live = try SandboxFolder()
        let temporary = FileManager.default.temporaryDirectory
        let gone = temporary.appendingPathComponent("grader-run-999999-\(UUID().uuidString.prefix(8).lowercased())")
        try FileManager.default.createDirectory(at: gone.appendingPathComponent("containers"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: gone.appendingPathComponent(".lock").path, contents: Data())
        let next = try SandboxFolder()
        #expect(!FileManager.default.fileExists(atPath: gone.path), "nobody holds its lock")
        #expect(FileManager.default.fileExists(atPath: live.directory.path), "its run holds its lock")
        let folder = next.directory
        withExtendedLifetime(live) {}
        _ = consume next
        #expect(!FileManager.default.fileExists(atPath: folder.path), "removed with its run")
    }
}

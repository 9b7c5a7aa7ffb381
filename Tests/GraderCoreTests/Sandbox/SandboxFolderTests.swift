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

/// The app containers in memory where the machine has a tmpfs with room, on disk otherwise.
struct ContainerFolderTests {
    @Test func containersGoInMemoryOnlyOnATmpfsWithRoomAndUnlessToldNot() throws {
        let disk = try TemporaryCourse()
        #expect(SandboxFolder.memoryParent(environment: [:], candidate: disk.root.path) == nil, "not a tmpfs")
        #expect(SandboxFolder.memoryParent(environment: [:], candidate: "/no/such/folder") == nil)
        #expect(SandboxFolder.memoryParent(environment: ["GRADER_CONTAINERS_ON_DISK": "1"]) == nil)
        let onDisk = try SandboxFolder(environment: ["GRADER_CONTAINERS_ON_DISK": "1"])
        #expect(onDisk.containers.path.hasPrefix(onDisk.directory.path + "/"))
    }

    @Test func containersInMemoryHaveAFolderOfTheirOwnRemovedWithTheRun() throws {
        // Nothing to check on a machine without a roomy tmpfs at /dev/shm (the CI machine has one).
        guard let memory = SandboxFolder.memoryParent(environment: [:]) else { return }
        let gone = memory.appendingPathComponent("grader-containers-999999-\(UUID().uuidString.prefix(8).lowercased())")
        try FileManager.default.createDirectory(at: gone.appendingPathComponent("containers"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: gone.appendingPathComponent(".lock").path, contents: Data())
        var folder: SandboxFolder? = try SandboxFolder(environment: [:])
        let containers = try #require(folder?.containers)
        #expect(containers.path.hasPrefix(memory.path + "/grader-containers-"))
        #expect(!FileManager.default.fileExists(atPath: gone.path), "a gone run's containers are removed")
        try FileManager.default.createDirectory(at: containers.appendingPathComponent("container-1/Documents"), withIntermediateDirectories: true)
        folder = nil
        #expect(!FileManager.default.fileExists(atPath: containers.deletingLastPathComponent().path), "removed with its run")
    }
}

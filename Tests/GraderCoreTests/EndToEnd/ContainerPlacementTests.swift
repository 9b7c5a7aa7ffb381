import Foundation
import Testing
@testable import GraderCore

/// Containers in memory where the machine has a roomy tmpfs, except for the cases whose verdict
/// depends on the disk's speed, which keep a container on disk: seen from inside the app, whose
/// home's mount says where it comes from.
@Suite(.serialized)
struct ContainerPlacementTests {
    @Test func containersGoInMemoryOnlyOnATmpfsWithRoomAndUnlessToldNot() throws {
        let disk = try TemporaryCourse()
        #expect(SandboxFolder.memoryParent(environment: [:], candidate: disk.root.path) == nil, "not a tmpfs")
        #expect(SandboxFolder.memoryParent(environment: [:], candidate: "/no/such/folder") == nil)
        #expect(SandboxFolder.memoryParent(environment: ["GRADER_CONTAINERS_ON_DISK": "1"]) == nil)
        let onDisk = try SandboxFolder(environment: ["GRADER_CONTAINERS_ON_DISK": "1"])
        #expect(onDisk.memoryContainers == onDisk.containers)
        #expect(onDisk.containers.path.hasPrefix(onDisk.directory.path + "/"))
    }

    @Test func inMemoryContainersHaveAFolderOfTheirOwnRemovedWithTheRun() throws {
        // Nothing to check on a machine without a roomy tmpfs at /dev/shm (the CI machine has one).
        guard let memory = SandboxFolder.memoryParent(environment: [:]) else { return }
        let gone = memory.appendingPathComponent("grader-containers-999999-\(UUID().uuidString.prefix(8).lowercased())")
        try FileManager.default.createDirectory(at: gone.appendingPathComponent("containers"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: gone.appendingPathComponent(".lock").path, contents: Data())
        var folder: SandboxFolder? = try SandboxFolder(environment: [:])
        let containers = try #require(folder?.memoryContainers)
        #expect(containers.path.hasPrefix(memory.path + "/grader-containers-"))
        #expect(try #require(folder?.containers).path.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(!FileManager.default.fileExists(atPath: gone.path), "a gone run's containers are removed")
        try FileManager.default.createDirectory(at: containers.appendingPathComponent("container-1/Documents"), withIntermediateDirectories: true)
        folder = nil
        #expect(!FileManager.default.fileExists(atPath: containers.deletingLastPathComponent().path), "removed with its run")
    }

    @Test func aCaseDependsOnTheDisksSpeedWhenTimedOrKilledAtMoments() {
        var testCase = TestCase(name: "c", index: 0, weight: 1, hidden: false, steps: [])
        #expect(!testCase.dependsOnDiskSpeed)
        testCase.crash = CrashPlan(repetitions: 3, seed: 1, atEachFileChange: true)
        #expect(!testCase.dependsOnDiskSpeed, "kills at file changes come at the same points on any disk")
        testCase.crash = CrashPlan(repetitions: 3, seed: 1)
        #expect(testCase.dependsOnDiskSpeed)
        testCase.crash = nil
        testCase.timeLimit = RelativeTimeLimit(factor: 5, floor: 0.05)
        #expect(testCase.dependsOnDiskSpeed)
    }

    @Test(arguments: [LaunchMode.fork, .exec])
    func aTimedCaseRunsOnDiskAndTheOthersInMemory(launch: LaunchMode) throws {
        // Every call throws where the app's home comes from: the root and file system of its mount.
        let probe = """
            init() throws {
                    let home = String(cString: getenv("HOME"))
                    let lines = ((try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) ?? "").split(separator: "\\n")
                    let line = lines.last { $0.split(separator: " ").count > 4 && $0.split(separator: " ")[4] == home[...] } ?? ""
                    let fields = line.split(separator: " ")
                    let type = line.components(separatedBy: " - ").last?.split(separator: " ").first ?? "?"
                    throw LedgerError(description: "home from \\(fields.count > 3 ? fields[3] : "?") on \\(type)")
                }
                private init(unused: Int) throws {
            """
        let (course, _, _) = try GradingHarness.editedReference("04-ledger", [("init() throws {", probe)])
        let workspace = try GradingHarness.workspace(course, launch: launch)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([try requireExercise("ledger", in: workspace)])[0]
        func message(_ name: String) -> String {
            result.cases.first { $0.name == name }?.failure?.message ?? "(no failure)"
        }
        let timed = message("a bulk import is quick")
        #expect(timed.contains("home from /") && timed.contains("/grader-run-") && !timed.contains("on tmpfs"), "\(timed)")
        let plain = message("entries are stored")
        if SandboxFolder.memoryParent(environment: ProcessInfo.processInfo.environment) != nil {
            #expect(plain.contains("/grader-containers-") && plain.contains("on tmpfs"), "\(plain)")
        } else {
            #expect(plain.contains("/grader-run-"), "\(plain)")
        }
    }
}

import Foundation
import Testing
@testable import GraderCore

/// Where the grader finds cgroups (v1 and v2 layouts read from `/proc`), what it reports when
/// it has none, and, on a machine that has them, a launch's cgroup for real.
struct ResourceControlTests {
    /// This machine's layout: v1 controllers, an empty v2 hierarchy beside them, and a memory
    /// cgroup the process is already in.
    static let hybridMountinfo = """
        31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
        32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
        35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
        39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
        41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
        """
    static let hybridCgroup = "8:pids:/\n4:memory:/process_api/a2e0\n1:cpu:/\n0::/\n"

    @Test func readsAV1LayoutWithTheProcesssOwnCgroups() {
        let root = URL(fileURLWithPath: "/fake")
        let mounts = CgroupMounts.parse(mountinfo: Self.hybridMountinfo, cgroup: Self.hybridCgroup, root: root)
        #expect(mounts.v1[.pids]?.directory.path == "/fake/sys/fs/cgroup/pids")
        #expect(mounts.v1[.memory]?.directory.path == "/fake/sys/fs/cgroup/memory/process_api/a2e0")
        #expect(mounts.v1[.cpu]?.directory.path == "/fake/sys/fs/cgroup/cpu")
        #expect(mounts.unified?.directory.path == "/fake/sys/fs/cgroup/unified")
    }

    @Test func readsAV2LayoutAndAContainersMountedSubtree() {
        let root = URL(fileURLWithPath: "/")
        let v2 = CgroupMounts.parse(
            mountinfo: "29 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate",
            cgroup: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope\n", root: root)
        #expect(v2.unified?.directory.path == "/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope")
        #expect(v2.v1.isEmpty)
        // A container without its own cgroup namespace sees its cgroup as the mount's root.
        let container = CgroupMounts.parse(
            mountinfo: "40 31 0:36 /docker/abc /sys/fs/cgroup/pids ro,nosuid - cgroup cgroup rw,pids",
            cgroup: "8:pids:/docker/abc\n", root: root)
        #expect(container.v1[.pids]?.directory.path == "/sys/fs/cgroup/pids")
    }

    @Test func aV2HierarchyWithoutControllersFallsBackToV1() throws {
        // A fake tree: plain folders stand for the hierarchies (no limits can be written there,
        // but detection only makes the run's folders).
        let tree = try TemporaryCourse()
        try tree.write("proc/self/mountinfo", Self.hybridMountinfo)
        try tree.write("proc/self/cgroup", Self.hybridCgroup)
        try tree.write("sys/fs/cgroup/unified/cgroup.controllers", "")
        for folder in ["pids", "cpu", "memory/process_api/a2e0"] { try tree.write("sys/fs/cgroup/\(folder)/cgroup.procs", "") }
        let control = ResourceControl.detect(environment: [:], root: tree.root, pid: 4242, isRoot: true, kernel: "6.1.0")
        #expect(control.version == .v1)
        #expect(control.unenforced.isEmpty)
        let memory = try #require(control.runDirectories[.memory])
        #expect(memory.deletingLastPathComponent().path == tree.root.appendingPathComponent("sys/fs/cgroup/memory/process_api/a2e0").path)
        #expect(memory.lastPathComponent.hasPrefix("grader-4242-"))
        #expect(FileManager.default.fileExists(atPath: memory.path))
    }

    @Test func turnedOffEveryLimitThatNeedsACgroupIsListedWithWhatAppliesInstead() {
        let asRoot = ResourceControl.detect(environment: ["GRADER_CGROUPS": "off"], isRoot: true, kernel: "6.1.0")
        #expect(asRoot.version == nil)
        #expect(asRoot.unenforced.map(\.resource) == [.processes, .totalMemory, .cpus])
        #expect(asRoot.unenforced[0].reason.contains("does not apply to root"))
        #expect(!asRoot.processLimitByRlimit)
        // Not root, on Linux 5.14 or later: RLIMIT_NPROC counts the sandbox's own user namespace.
        let user = ResourceControl.detect(environment: ["GRADER_CGROUPS": "off"], isRoot: false, kernel: "6.1.0-18-amd64")
        #expect(user.processLimitByRlimit)
        #expect(user.unenforced[0].reason.contains("RLIMIT_NPROC applies instead"))
        // Before 5.14 it would count every process of the user: not used.
        let old = ResourceControl.detect(environment: ["GRADER_CGROUPS": "off"], isRoot: false, kernel: "5.10.0")
        #expect(!old.processLimitByRlimit)
        #expect(old.unenforced[0].reason.contains("would count every process of the user"))
    }

    @Test(.enabled(if: HostileSubmissionTests.cgroups, "needs cgroups, which this machine does not give the grader"))
    func aLaunchsCgroupHoldsItsLimitsAndIsRemoved() throws {
        let control = ResourceControl.detect()
        var limits = Limits.standard
        limits.processes = 48
        limits.totalMemoryBytes = 160 << 20
        limits.cpus = 0.5
        let group = try #require(try control.makeGroup(limits: limits))
        if let pids = group.directories[.pids] {
            #expect(CgroupFiles.read(pids.appendingPathComponent("pids.max")) == "48\n")
        }
        if let memory = group.directories[.memory] {
            let file = control.version == .v1 ? "memory.limit_in_bytes" : "memory.max"
            #expect(CgroupFiles.read(memory.appendingPathComponent(file)) == "\(160 << 20)\n")
        }
        if let cpu = group.directories[.cpu] {
            let quota = control.version == .v1 ? CgroupFiles.read(cpu.appendingPathComponent("cpu.cfs_quota_us")) : CgroupFiles.read(cpu.appendingPathComponent("cpu.max"))
            #expect(quota?.hasPrefix("50000") == true)
        }
        #expect(group.breach(limits: limits) == nil)
        // A process started as the sandbox starts bubblewrap is in every controller's folder, and
        // stays there until the group is removed, which ends it.
        let sleeper = try ChildProcess(executable: "/bin/sh", arguments: ["-c", Sandbox.joinScript, "sh"] + group.joinFiles + ["--", "/bin/sleep", "4243"],
                                       environment: [:], protocolPipes: false)
        for _ in 0..<400 where group.directories.values.contains(where: { CgroupFiles.processes(in: $0).isEmpty }) { usleep(5000) }
        for directory in group.directories.values { #expect(CgroupFiles.processes(in: directory) == [sleeper.pid]) }
        group.remove()
        #expect(sleeper.waitForExit(deadline: Date().addingTimeInterval(5)) == .signaled(SIGKILL))
        for directory in group.directories.values { #expect(!FileManager.default.fileExists(atPath: directory.path)) }
    }

    /// What keeps a gone run's folder (this test fails now and then on a loaded CI machine, and
    /// the cause is not known yet): whether its lock is still held, and what is left in it.
    private static func whyLeft(_ folder: URL) -> String {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var lock = "cannot open it"
        if descriptor >= 0 {
            lock = flock(descriptor, LOCK_EX | LOCK_NB) == 0 ? "its lock is free" : "its lock is held (\(String(cString: strerror(errno))))"
            close(descriptor)
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("launch-") }
        let inside = entries.map { name in
            let pids = CgroupFiles.processes(in: folder.appendingPathComponent(name))
            let states = pids.map { pid in
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "gone"
                return "\(pid): \(stat.split(separator: " ").prefix(3).joined(separator: " "))"
            }
            return "\(name) [\(states.joined(separator: "; "))]"
        }
        return "\(lock); processes in the folder itself: \(CgroupFiles.processes(in: folder)); launch groups: \(inside)"
    }

    @Test(.enabled(if: HostileSubmissionTests.cgroups, "needs cgroups, which this machine does not give the grader"))
    func aKilledGradersCgroupsAreRemovedByTheNextRunAndALiveRunsKept() throws {
        // A run that lives on while another is killed: its folders and its launch's group stay.
        let live = ResourceControl.detect()
        let liveGroup = try #require(try live.makeGroup(limits: .standard))

        // A real grader, killed while its app loops in a launch of its own.
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("infinite-loop"))
        let (grader, _, _) = try GraderProcess.start(["check", "counter", "--no-cache"], in: course.root)
        let hierarchies = Set(live.runDirectories.values.map { $0.deletingLastPathComponent() })
        func folders(of pid: Int32) -> [URL] {
            hierarchies.flatMap { hierarchy in
                ((try? FileManager.default.contentsOfDirectory(atPath: hierarchy.path)) ?? [])
                    .filter { $0.hasPrefix("grader-\(pid)-") }.map { hierarchy.appendingPathComponent($0) }
            }
        }
        func launches(in folder: URL) -> [URL] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasPrefix("launch-") }.map { folder.appendingPathComponent($0) }
        }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !folders(of: grader.processIdentifier).contains(where: { !launches(in: $0).isEmpty }) {
            usleep(5000)
        }
        kill(grader.processIdentifier, SIGKILL)
        grader.waitUntilExit()
        let gone = folders(of: grader.processIdentifier)
        #expect(!gone.isEmpty && gone.allSatisfy { !launches(in: $0).isEmpty },
                "the killed grader left its run folders, each with a launch's group, for the next run to remove")

        // The next run removes the killed one's folders and groups, and no other run's.
        let next = ResourceControl.detect()
        for folder in gone {
            #expect(!FileManager.default.fileExists(atPath: folder.path), "\(folder.path) is left: \(Self.whyLeft(folder))")
        }
        for directory in Set(live.runDirectories.values).union(liveGroup.directories.values) {
            #expect(FileManager.default.fileExists(atPath: directory.path), "a live run's \(directory.path) was removed")
        }
        liveGroup.remove()
        let ownFolders = Set(live.runDirectories.values).union(next.runDirectories.values)
        withExtendedLifetime((live, next)) {}
        _ = consume live
        _ = consume next
        for directory in ownFolders { #expect(!FileManager.default.fileExists(atPath: directory.path), "removed with its run") }
    }
}

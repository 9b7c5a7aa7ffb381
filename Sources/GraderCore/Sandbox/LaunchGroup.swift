import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The cgroup of one launch: its folder in each controller's hierarchy (one folder under v2),
/// with the launch's limits written, joined by the sandbox before bubblewrap starts, read for
/// breaches as steps end, and emptied and removed when the launch is over.
final class LaunchGroup: @unchecked Sendable {
    let version: ResourceControl.Version
    /// The folder holding each controller's files.
    let directories: [ResourceControl.Controller: URL]
    private let lock = NSLock()
    private var removed = false

    private init(version: ResourceControl.Version, directories: [ResourceControl.Controller: URL]) {
        self.version = version
        self.directories = directories
    }

    deinit { remove() }

    /// Makes the launch's folders below each run folder and writes `limits` in them.
    static func create(name: String, in runDirectories: [ResourceControl.Controller: URL],
                       version: ResourceControl.Version, limits: Limits) throws -> LaunchGroup {
        var directories: [ResourceControl.Controller: URL] = [:]
        for (controller, run) in runDirectories { directories[controller] = run.appendingPathComponent(name) }
        let group = LaunchGroup(version: version, directories: directories)
        for directory in Set(directories.values) {
            if let error = CgroupFiles.makeDirectory(directory) {
                throw GraderError.io("cannot make the launch's cgroup \(directory.path): \(error)")
            }
        }
        for (file, value) in settings(limits, version: version) {
            guard let directory = directories[file.controller] else { continue }
            let url = directory.appendingPathComponent(file.name)
            // Swap limits exist only where swap accounting is on.
            if file.optional, access(url.path, F_OK) != 0 { continue }
            if let error = CgroupFiles.write(value, to: url) {
                throw GraderError.io("cannot set \(file.name) to \(value) in \(directory.path): \(error)")
            }
        }
        return group
    }

    private struct SettingFile: Hashable {
        var controller: ResourceControl.Controller
        var name: String
        var optional = false
    }

    /// The files that hold `limits`, in the order they must be written (v1's memory+swap limit
    /// may not be below its memory limit).
    private static func settings(_ limits: Limits, version: ResourceControl.Version) -> [(SettingFile, String)] {
        let period = 100_000
        let quota = max(1000, Int(limits.cpus * Double(period)))
        switch version {
        case .v1:
            return [(SettingFile(controller: .pids, name: "pids.max"), "\(limits.processes)"),
                    (SettingFile(controller: .memory, name: "memory.limit_in_bytes"), "\(limits.totalMemoryBytes)"),
                    (SettingFile(controller: .memory, name: "memory.memsw.limit_in_bytes", optional: true), "\(limits.totalMemoryBytes)"),
                    (SettingFile(controller: .cpu, name: "cpu.cfs_period_us"), "\(period)"),
                    (SettingFile(controller: .cpu, name: "cpu.cfs_quota_us"), "\(quota)")]
        case .v2:
            return [(SettingFile(controller: .pids, name: "pids.max"), "\(limits.processes)"),
                    (SettingFile(controller: .memory, name: "memory.max"), "\(limits.totalMemoryBytes)"),
                    (SettingFile(controller: .memory, name: "memory.swap.max", optional: true), "0"),
                    (SettingFile(controller: .cpu, name: "cpu.max"), "\(quota) \(period)")]
        }
    }

    /// The files a process writes `0` in to move itself into the launch's cgroup.
    ///
    /// Under v1, `tasks`: a process that moves its only thread itself does not wait for the
    /// kernel, where a write to `cgroup.procs` waits for an RCU grace period (some 10 ms on a busy
    /// machine, measured in Benchmarks/README.md). Under v2 only `cgroup.procs` moves a process
    /// into a cgroup with the memory controller, and pays that wait.
    var joinFiles: [String] {
        Set(directories.values).map { $0.appendingPathComponent(version == .v1 ? "tasks" : "cgroup.procs").path }.sorted()
    }

    /// The limit the launch reached so far, if any: a refused fork, a process the kernel ended
    /// for memory, or a full `/tmp` (while the launch still runs: its tmpfs goes with it).
    /// - Parameter baseline: the group's counts when the launch started, for a group that
    ///   bounds one launch after another (``AppServer``).
    func breach(limits: Limits, since baseline: Counts = Counts()) -> LimitBreach? {
        let now = counts()
        if now.refusedForks > baseline.refusedForks { return .processes(limits.processes) }
        if now.memoryKills > baseline.memoryKills { return .memory(bytes: limits.totalMemoryBytes) }
        guard let memory = directories[.memory] else { return nil }
        // tmpfs pages count as shared memory; a page short of the size is full.
        if let shared = CgroupFiles.value("shmem", in: memory.appendingPathComponent("memory.stat")),
           shared + 64 << 10 >= limits.tmpBytes {
            return .tmp(bytes: limits.tmpBytes)
        }
        return nil
    }

    /// The events the kernel has counted in the group so far.
    struct Counts: Equatable {
        /// Forks refused at the process limit.
        var refusedForks = 0
        /// Processes killed for memory.
        var memoryKills = 0
    }

    func counts() -> Counts {
        var counts = Counts()
        if let pids = directories[.pids] {
            counts.refusedForks = CgroupFiles.value("max", in: pids.appendingPathComponent("pids.events")) ?? 0
        }
        if let memory = directories[.memory] {
            let events = memory.appendingPathComponent(version == .v1 ? "memory.oom_control" : "memory.events")
            counts.memoryKills = CgroupFiles.value("oom_kill", in: events) ?? 0
        }
        return counts
    }

    /// Ends every process still in the launch's cgroup and removes its folders. The sandbox's
    /// PID namespace ends them already when bubblewrap goes; this is the second line, and it
    /// waits until the kernel has let them go (at most about two seconds).
    func remove() {
        lock.lock()
        defer { lock.unlock() }
        guard !removed else { return }
        removed = true
        for directory in Set(directories.values) { Self.end(directory) }
    }

    /// Ends every process in the cgroup `directory` and removes it, waiting at most about two
    /// seconds for the kernel to let them go; whether it is gone.
    @discardableResult
    static func end(_ directory: URL) -> Bool {
        // Only v2 has `cgroup.kill`; under v1 the write finds no file and the loop kills.
        _ = CgroupFiles.write("1", to: directory.appendingPathComponent("cgroup.kill"))
        var pause: useconds_t = 500
        for _ in 0..<40 {
            if rmdir(directory.path) == 0 || errno == ENOENT { return true }
            for pid in CgroupFiles.processes(in: directory) { kill(pid, SIGKILL) }
            usleep(pause)
            pause = min(pause * 2, 100_000)
        }
        return false
    }
}

import Foundation

/// Resource limits for one launch of an exercise binary, and for one run of a case.
///
/// Which of them this machine enforces, and how, is ``ResourceControl``'s to say: the process
/// count, total memory and CPU share need cgroups; the others apply everywhere.
public struct Limits: Hashable, Sendable, Codable {
    /// Wall-clock seconds one launch may run.
    public var timeLimit: Double
    /// Address-space limit in bytes of each process (generous: Foundation reserves a lot).
    public var memoryBytes: Int
    /// Bytes of standard output plus standard error one launch may print.
    public var outputBytes: Int
    /// Largest file one launch may write.
    public var fileSizeBytes: Int
    /// Processes and threads one launch may have at once (cgroup `pids`).
    public var processes: Int = 256
    /// Memory all the processes of one launch may use together: their pages, the files they
    /// cache and their `/tmp` (cgroup `memory`).
    public var totalMemoryBytes: Int = 1 << 30
    /// Size of the sandbox's `/tmp`, a fresh tmpfs in memory per launch (`/dev/shm` is read-only).
    public var tmpBytes: Int = 64 << 20
    /// What the app container may hold in all, over every launch of a case.
    public var containerBytes: Int = 256 << 20
    /// CPU seconds each process of a launch may use (`RLIMIT_CPU`), when set; nil follows the
    /// wall-clock limit (``cpuSeconds``).
    public var cpuTime: Double?
    /// CPU seconds each process may use: ``cpuTime``, or a second more than the wall-clock
    /// limit, so that an endless loop is reported as the timeout it is.
    public var cpuSeconds: Double { cpuTime ?? timeLimit + 1 }
    /// Cores one launch may keep busy at once (cgroup `cpu`): with the wall-clock limit, it bounds
    /// the launch's total CPU time to `timeLimit × cpus`.
    public var cpus: Double = 1
    /// Wall-clock seconds one run of a case may take over all its launches.
    public var caseTimeLimit: Double = 30

    public init(timeLimit: Double, memoryBytes: Int, outputBytes: Int, fileSizeBytes: Int) {
        self.timeLimit = timeLimit
        self.memoryBytes = memoryBytes
        self.outputBytes = outputBytes
        self.fileSizeBytes = fileSizeBytes
    }

    public static let standard = Limits(
        timeLimit: 10, memoryBytes: 4 << 30, outputBytes: 1 << 20, fileSizeBytes: 64 << 20)

    func overridden(by file: LimitsFile?) -> Limits {
        var limits = self
        if let value = file?.timeLimit { limits.timeLimit = value.seconds }
        if let value = file?.memory { limits.memoryBytes = value.bytes }
        if let value = file?.outputLimit { limits.outputBytes = value.bytes }
        if let value = file?.fileSize { limits.fileSizeBytes = value.bytes }
        if let value = file?.processes { limits.processes = value }
        if let value = file?.totalMemory { limits.totalMemoryBytes = value.bytes }
        if let value = file?.tmpSize { limits.tmpBytes = value.bytes }
        if let value = file?.containerSize { limits.containerBytes = value.bytes }
        if let value = file?.cpuTime { limits.cpuTime = value.seconds }
        if let value = file?.cpus { limits.cpus = value }
        if let value = file?.caseTimeLimit { limits.caseTimeLimit = value.seconds }
        return limits
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What this machine lets the grader bound for a whole launch, beyond each process's own
/// limits: a cgroup per launch, with the `pids`, `memory` and `cpu` controllers that can be had.
/// Found once per run by ``detect(environment:root:)``.
///
/// - **cgroup v2** (current distributions): the grader needs a delegated subtree, as
///   `systemd-run --user --scope -p Delegate=yes grader …` gives it, or root. When the grader's
///   own cgroup holds processes, the grader first moves itself into a leaf of it (the kernel allows
///   controllers only in cgroups without processes of their own).
/// - **cgroup v1** (this project's test machine): one hierarchy per controller, each writable by
///   root; the launch gets a folder in each.
///
/// A run's folders (`grader-PID-…`, ``CgroupRunFolder``) are locked while it lives and removed
/// when it ends; those of a grader that was killed are removed by the next grader that starts
/// beside them, which can take their lock. A live grader's are never removed by another.
///
/// Where a controller cannot be had, the limit it would apply is listed in ``unenforced`` with the
/// reason and what applies instead, and every report shows that list. `GRADER_CGROUPS=off` makes
/// the grader act as if none could be had (to see, or test, what a machine without them reports).
public final class ResourceControl: @unchecked Sendable {
    /// A cgroup controller the grader uses.
    public enum Controller: String, CaseIterable, Sendable {
        case pids, memory, cpu
    }

    enum Version: String, Sendable { case v1, v2 }

    /// The cgroup version used, nil when no controller could be had.
    let version: Version?
    /// For each controller had, the folder of this run's launch groups (under v2 one folder for all).
    let runDirectories: [Controller: URL]
    /// The limits this machine does not enforce, and why.
    public let unenforced: [UnenforcedLimit]
    /// Whether the fallback for the process count, `RLIMIT_NPROC` in the sandbox, applies.
    let processLimitByRlimit: Bool
    private let lock = NSLock()
    private var launches = 0
    /// The run's folders, locked while this control lives and removed with it.
    private let folders: [CgroupRunFolder]

    init(version: Version?, runDirectories: [Controller: URL], unenforced: [UnenforcedLimit],
         processLimitByRlimit: Bool, folders: [CgroupRunFolder] = []) {
        self.version = version
        self.runDirectories = runDirectories
        self.unenforced = unenforced
        self.processLimitByRlimit = processLimitByRlimit
        self.folders = folders
    }

    /// No cgroups at all, with `reason` for each limit that needs one.
    static func none(reason: String, isRoot: Bool = getuid() == 0, kernel: String = kernelRelease()) -> ResourceControl {
        make(version: nil, runDirectories: [:], missing: Dictionary(uniqueKeysWithValues: Controller.allCases.map { ($0, reason) }),
             isRoot: isRoot, kernel: kernel)
    }


    /// A cgroup for one launch holding `limits`, or nil when no controller is had.
    /// - Throws: ``GraderError/io(_:)`` when the folder cannot be made or its limits not written.
    func makeGroup(limits: Limits) throws -> LaunchGroup? {
        guard let version, !runDirectories.isEmpty else { return nil }
        lock.lock()
        launches += 1
        let name = "launch-\(launches)"
        lock.unlock()
        return try LaunchGroup.create(name: name, in: runDirectories, version: version, limits: limits)
    }

    /// Finds which controllers this run can use and makes its folder in each.
    /// - Parameter root: where `/proc` and `/sys` are (a test's fake tree; `/` otherwise).
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment,
                              root: URL = URL(fileURLWithPath: "/"), pid: Int32 = getpid(),
                              isRoot: Bool = getuid() == 0, kernel: String = kernelRelease()) -> ResourceControl {
        if let setting = environment["GRADER_CGROUPS"], setting == "off" {
            return none(reason: "cgroups are turned off (GRADER_CGROUPS=off)", isRoot: isRoot, kernel: kernel)
        }
        let mounts = CgroupMounts.read(root: root)
        let runName = "grader-\(pid)-\(UUID().uuidString.prefix(8).lowercased())"
        var v2Problem: String?
        if let unified = mounts.unified {
            switch CgroupRunFolder.sweeping(unified.directory, { prepareV2(unified, runName: runName, pid: pid) }) {
            case .success(let (folder, controllers)):
                var missing: [Controller: String] = [:]
                for controller in Controller.allCases where !controllers.contains(controller) {
                    missing[controller] = "the \(controller.rawValue) controller is not delegated to the grader's cgroup (\(unified.directory.path))"
                }
                return make(version: .v2, runDirectories: Dictionary(uniqueKeysWithValues: controllers.map { ($0, folder.directory) }),
                            missing: missing, isRoot: isRoot, kernel: kernel, folders: [folder])
            case .failure(let problem):
                v2Problem = problem.message
            }
        }
        var directories: [Controller: URL] = [:]
        var folders: [CgroupRunFolder] = []
        var missing: [Controller: String] = [:]
        for controller in Controller.allCases {
            guard let hierarchy = mounts.v1[controller] else {
                missing[controller] = v2Problem ?? "no cgroup hierarchy has the \(controller.rawValue) controller"
                continue
            }
            switch CgroupRunFolder.sweeping(hierarchy.directory, { CgroupRunFolder.make(runName, in: hierarchy.directory) }) {
            case .success(let folder):
                directories[controller] = folder.directory
                folders.append(folder)
            case .failure(let error):
                missing[controller] = "cannot make a cgroup in \(hierarchy.directory.path) (\(error.message))"
                    + (v2Problem.map { "; cgroup v2: \($0)" } ?? "")
            }
        }
        return make(version: directories.isEmpty ? nil : .v1, runDirectories: directories, missing: missing,
                    isRoot: isRoot, kernel: kernel, folders: folders)
    }

    /// The control for the controllers had, listing what the missing ones leave unenforced.
    private static func make(version: Version?, runDirectories: [Controller: URL], missing: [Controller: String],
                             isRoot: Bool, kernel: String, folders: [CgroupRunFolder] = []) -> ResourceControl {
        var unenforced: [UnenforcedLimit] = []
        var byRlimit = false
        if let reason = missing[.pids] {
            // RLIMIT_NPROC counts per user and namespace since Linux 5.14: in the sandbox's fresh
            // user namespace it counts only that sandbox's processes. Before, it counted every
            // process of the user (all sandboxes and the user's own programs), and it never
            // applies to root.
            if isRoot {
                unenforced.append(UnenforcedLimit(resource: .processes, reason: "\(reason); RLIMIT_NPROC, the fallback, does not apply to root, so a fork bomb is stopped only by the launch's time limit"))
            } else if kernelAtLeast(kernel, 5, 14) {
                byRlimit = true
                unenforced.append(UnenforcedLimit(resource: .processes, reason: "\(reason); RLIMIT_NPROC applies instead (it counts the sandbox's own processes on this kernel), but a breach is reported as the failure it causes, not by name"))
            } else {
                unenforced.append(UnenforcedLimit(resource: .processes, reason: "\(reason); RLIMIT_NPROC is not used: on Linux \(kernel) it would count every process of the user, not the sandbox's"))
            }
        }
        if let reason = missing[.memory] {
            unenforced.append(UnenforcedLimit(resource: .totalMemory, reason: "\(reason); each process keeps its own address-space limit (memory), so several processes can use that much each"))
        }
        if let reason = missing[.cpu] {
            unenforced.append(UnenforcedLimit(resource: .cpus, reason: "\(reason); each process keeps its CPU-time limit (cpu_time), but a launch may keep every core busy until its time limit"))
        }
        return ResourceControl(version: version, runDirectories: runDirectories, unenforced: unenforced,
                               processLimitByRlimit: byRlimit, folders: folders)
    }

    private struct Problem: Error { var message: String }

    /// Under v2: enables the controllers the grader's cgroup may hand down, moving the grader
    /// into a leaf first when its cgroup holds processes, and makes the run's folder.
    private static func prepareV2(_ unified: CgroupMounts.Hierarchy, runName: String, pid: Int32)
        -> Result<(CgroupRunFolder, [Controller]), Problem>
    {
        let own = unified.directory
        let offered = Set((CgroupFiles.read(own.appendingPathComponent("cgroup.controllers")) ?? "").split(separator: " ").map(String.init))
        let controllers = Controller.allCases.filter { offered.contains($0.rawValue) }
        guard !controllers.isEmpty else {
            return .failure(Problem(message: "the grader's cgroup \(own.path) offers none of pids, memory, cpu (run it under `systemd-run --user --scope -p Delegate=yes`)"))
        }
        let enable = controllers.map { "+\($0.rawValue)" }.joined(separator: " ")
        let subtree = own.appendingPathComponent("cgroup.subtree_control")
        if CgroupFiles.write(enable, to: subtree) != nil {
            // "No internal processes": move the grader into a leaf of its own cgroup, then retry.
            let leaf = own.appendingPathComponent("grader-\(pid)-self")
            if let error = CgroupFiles.makeDirectory(leaf) ?? CgroupFiles.write("\(pid)", to: leaf.appendingPathComponent("cgroup.procs")) {
                return .failure(Problem(message: "cannot make cgroups in \(own.path) (\(error)); run the grader under `systemd-run --user --scope -p Delegate=yes`"))
            }
            if let error = CgroupFiles.write(enable, to: subtree) {
                return .failure(Problem(message: "cannot enable \(enable) in \(own.path) (\(error)): other processes share the grader's cgroup; run it under `systemd-run --user --scope -p Delegate=yes`"))
            }
        }
        let folder: CgroupRunFolder
        switch CgroupRunFolder.make(runName, in: own) {
        case .success(let made): folder = made
        case .failure(let error): return .failure(Problem(message: "cannot make a cgroup in \(own.path) (\(error.message))"))
        }
        if let error = CgroupFiles.write(enable, to: folder.directory.appendingPathComponent("cgroup.subtree_control")) {
            return .failure(Problem(message: "cannot make a cgroup in \(own.path) (\(error))"))
        }
        return .success((folder, controllers))
    }

    /// `uname -r`: `6.1.0-18-amd64`.
    public static func kernelRelease() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static func kernelAtLeast(_ release: String, _ major: Int, _ minor: Int) -> Bool {
        let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard parts.count == 2 else { return false }
        return (parts[0], parts[1]) >= (major, minor)
    }
}

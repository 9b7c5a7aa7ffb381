import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folder of one run's sandbox files on the host: the password and group files, the app
/// containers and a copy of each bundle launched, in the system's temporary folder and removed
/// with the run.
///
/// Bubblewrap's bind mounts show their source's path in the sandbox's `/proc/self/mountinfo`
/// (and in `/proc/1/cmdline`, bubblewrap's own command line). Kept here rather than in the
/// course's `.grader/`, what a learner's code can read there is `/tmp/grader-run-…/containers/…`,
/// not where the course, its references or other students' files are.
///
/// Containers of cases whose verdict does not depend on the disk's speed go in a folder of their
/// own in memory (`/dev/shm`) when the machine has a tmpfs there with room to spare
/// (``memoryParent(environment:candidate:)``): on ext4 every file and folder a case makes and
/// removes costs the kernel a search past the inodes freed in the last minutes, and every
/// `fsync` a wait for the disk, about a sixth of `verify`'s processor time between them
/// (`Benchmarks/README.md`). A case timed against the reference, or killed at moments in time,
/// runs on disk (``containers``): there a commit waits for the disk, as on a phone, and a case
/// about speed must see it. Bundles stay here too: they are hard links into the build cache.
final class SandboxFolder: @unchecked Sendable {
    private let run: RunFolder
    /// The in-memory containers' folder; nil when every container is on disk.
    private let memoryRun: RunFolder?
    private let lock = NSLock()
    private var staged: [String: URL] = [:]

    var directory: URL { run.directory }

    /// Makes a fresh folder, first removing those of runs that are gone.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        run = try RunFolder(in: FileManager.default.temporaryDirectory, prefix: "grader-run-", what: "the sandbox's folder")
        memoryRun = try Self.memoryParent(environment: environment).map {
            try RunFolder(in: $0, prefix: "grader-containers-", what: "the in-memory app containers' folder")
        }
    }

    /// Where the app containers of a workbench go when the disk matters.
    var containers: URL { directory.appendingPathComponent("containers") }

    /// Where the other app containers of a workbench go: in memory, or ``containers``.
    var memoryContainers: URL { memoryRun.map { $0.directory.appendingPathComponent("containers") } ?? containers }

    /// The least room a tmpfs must have left to hold containers: a few jobs' containers at their
    /// size limit (256 MiB by default) and more.
    static let memoryRoomNeeded: UInt64 = 2 << 30

    /// `candidate` when it is a tmpfs the grader can write with ``memoryRoomNeeded`` left (not a
    /// small one, as in many software containers), and `GRADER_CONTAINERS_ON_DISK` is not set;
    /// nil otherwise.
    static func memoryParent(environment: [String: String], candidate: String = "/dev/shm") -> URL? {
        #if os(Linux)
        guard environment["GRADER_CONTAINERS_ON_DISK"] == nil, access(candidate, W_OK | X_OK) == 0 else { return nil }
        // /proc/mounts: "tmpfs /dev/shm tmpfs rw,nosuid,nodev 0 0"; the last mount of a path wins.
        let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        let type = mounts.split(separator: "\n").map { $0.split(separator: " ") }
            .last { $0.count > 2 && $0[1] == candidate[...] }?[2]
        var info = statvfs()
        guard type == "tmpfs", statvfs(candidate, &info) == 0,
              UInt64(info.f_bavail) * UInt64(info.f_frsize) >= memoryRoomNeeded else { return nil }
        return URL(fileURLWithPath: candidate)
        #else
        return nil
        #endif
    }

    /// A copy of `bundle` in this folder (hard links where the file system allows), made on its
    /// first launch and reused by the next ones.
    func stage(_ bundle: URL, key: String) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let done = staged[key] { return done }
        let target = directory.appendingPathComponent("bundles/\(key)/\(bundle.lastPathComponent)")
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? fm.linkItem(at: bundle, to: target)) == nil {
                try? fm.removeItem(at: target)
                try fm.copyItem(at: bundle, to: target)
            }
        } catch {
            throw GraderError.io("cannot copy the app bundle \(bundle.path) into \(directory.path): \(error.localizedDescription)")
        }
        staged[key] = target
        return target
    }
}

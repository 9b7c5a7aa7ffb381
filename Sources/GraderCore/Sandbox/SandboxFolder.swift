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
/// The app containers go in a folder of their own in memory (`/dev/shm`) when the machine has a
/// tmpfs there with room to spare (``memoryParent(environment:)``): every case makes and empties
/// a container, and on ext4 a new folder or file costs the kernel a search past the inodes
/// recently freed, which grew to about a sixth of `verify`'s processor time
/// (`Benchmarks/README.md`). Bundles stay beside the rest: they are hard links to the build
/// cache, which a copy into memory could not be.
final class SandboxFolder: @unchecked Sendable {
    private let run: RunFolder
    /// The containers' own folder in memory; nil when they stay in ``directory``.
    private let containerRun: RunFolder?
    private let lock = NSLock()
    private var staged: [String: URL] = [:]

    var directory: URL { run.directory }

    /// Makes a fresh folder, first removing those of runs that are gone.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        run = try RunFolder(in: FileManager.default.temporaryDirectory, prefix: "grader-run-", what: "the sandbox's folder")
        containerRun = try Self.memoryParent(environment: environment).map {
            try RunFolder(in: $0, prefix: "grader-containers-", what: "the app containers' folder")
        }
    }

    /// Where the app containers of a workbench go.
    var containers: URL { (containerRun?.directory ?? directory).appendingPathComponent("containers") }

    /// The least room a tmpfs must have left to hold the containers: a few jobs' containers at
    /// their size limit (256 MiB by default) and more.
    static let memoryRoomNeeded: UInt64 = 2 << 30

    /// `/dev/shm` when it is a tmpfs the grader can write with ``memoryRoomNeeded`` left (not a
    /// container's small one), and `GRADER_CONTAINERS_ON_DISK` is not set; nil otherwise.
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

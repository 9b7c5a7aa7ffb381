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
final class SandboxFolder: @unchecked Sendable {
    let directory: URL
    private let lock = NSLock()
    private var staged: [String: URL] = [:]
    /// `.lock` in the folder, locked while this run lives: a folder whose lock can be taken
    /// belongs to a run that is gone.
    private var lockFile: Int32 = -1

    /// Makes a fresh folder, first removing those of runs that are gone.
    init() throws {
        let temporary = FileManager.default.temporaryDirectory
        Self.removeStale(in: temporary)
        directory = temporary.appendingPathComponent("grader-run-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create the sandbox's folder \(directory.path): \(error.localizedDescription)")
        }
        lockFile = open(directory.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if lockFile >= 0 { _ = flock(lockFile, LOCK_EX | LOCK_NB) }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
        if lockFile >= 0 { close(lockFile) }
    }

    /// Where the app containers of a workbench go.
    var containers: URL { directory.appendingPathComponent("containers") }

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

    /// Removes the `grader-run-…` folders of runs that are gone (killed before they could):
    /// those whose lock can be taken. A lock holds across PID namespaces, where a process ID
    /// would not tell a live grader from a gone one.
    private static func removeStale(in temporary: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix("grader-run-") {
            let folder = temporary.appendingPathComponent(name)
            let fd = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(at: folder) }
        }
    }
}

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

    /// Makes a fresh folder, first removing those of runs whose grader is gone.
    init() throws {
        let temporary = FileManager.default.temporaryDirectory
        Self.removeStale(in: temporary)
        directory = temporary.appendingPathComponent("grader-run-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create the sandbox's folder \(directory.path): \(error.localizedDescription)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
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

    /// A copy of a file in this folder, under `name`.
    func stage(file: URL, as name: String) throws -> URL {
        let target = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        do {
            try FileManager.default.copyItem(at: file, to: target)
        } catch {
            throw GraderError.io("cannot copy \(file.path) into \(directory.path): \(error.localizedDescription)")
        }
        return target
    }

    /// Removes `grader-run-PID-…` folders whose grader process is gone.
    private static func removeStale(in temporary: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix("grader-run-") {
            let parts = name.split(separator: "-")
            guard parts.count >= 4, let pid = Int32(parts[2]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}

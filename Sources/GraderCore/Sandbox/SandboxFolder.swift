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
    private let run: RunFolder
    private let lock = NSLock()
    private var staged: [String: URL] = [:]

    var directory: URL { run.directory }

    /// Makes a fresh folder, first removing those of runs that are gone.
    init() throws {
        run = try RunFolder(in: FileManager.default.temporaryDirectory, prefix: "grader-run-", what: "the sandbox's folder")
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
}

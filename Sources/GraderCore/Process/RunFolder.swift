import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder that belongs to one running grader: made fresh, with a name of its own, removed
/// when this value goes, and removed by the next grader that makes one beside it when its own
/// grader was killed first. Graders running at once never share one.
///
/// A `.lock` in the folder is locked while it lives: a folder whose lock can be taken belongs
/// to a grader that is gone. A lock holds across PID namespaces, where a process ID would not
/// tell a live grader from a gone one.
final class RunFolder: @unchecked Sendable {
    let directory: URL
    private var lockFile: Int32 = -1

    /// Makes `<parent>/<prefix><pid>-<random>`, first removing the `<prefix>…` folders of
    /// graders that are gone.
    /// - Parameter what: the folder, as an error names it ("the sandbox's folder").
    init(in parent: URL, prefix: String, what: String) throws {
        Self.removeStale(in: parent, prefix: prefix)
        directory = parent.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create \(what) \(directory.path): \(error.localizedDescription)")
        }
        lockFile = open(directory.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if lockFile >= 0 { _ = flock(lockFile, LOCK_EX | LOCK_NB) }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
        if lockFile >= 0 { close(lockFile) }
    }

    /// Removes the folders of graders that are gone: those whose lock can be taken.
    private static func removeStale(in parent: URL, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let folder = parent.appendingPathComponent(name)
            let fd = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(at: folder) }
        }
    }
}

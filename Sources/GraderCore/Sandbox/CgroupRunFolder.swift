import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run's folder in a cgroup hierarchy (`grader-PID-…`, its launches' groups below it),
/// locked while the run lives and removed when it ends.
///
/// A grader that is killed cannot remove its folders, so every grader, before it makes its own,
/// removes the run folders beside it whose lock it can take: their run is gone, whatever PID
/// namespace it ran in (a process ID would not tell). Their launches' groups go with them, with
/// any process still in one (a sandbox's process that outlived its grader).
///
/// `flock` works on cgroupfs folders as on any file. The parent folder's lock is held while a
/// grader sweeps and makes its folder, so that no sweep finds a folder made and not yet locked.
final class CgroupRunFolder: @unchecked Sendable {
    let directory: URL
    private let descriptor: Int32

    private init(directory: URL, descriptor: Int32) {
        self.directory = directory
        self.descriptor = descriptor
    }

    deinit {
        rmdir(directory.path)
        close(descriptor)
    }

    /// Runs `body` holding `parent`'s lock, after removing the run folders of gone runs there.
    /// - Parameter body: makes the run's folders (with ``make(_:in:)``); it may first change
    ///   `parent` itself (cgroup v2's controllers and leaf).
    static func sweeping<T>(_ parent: URL, _ body: () -> T) -> T {
        let lock = open(parent.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        removeGone(in: parent)
        return body()
    }

    /// Makes `name` in `parent` and locks it; the error's text when it cannot be made.
    /// Call it from ``sweeping(_:_:)``'s body.
    static func make(_ name: String, in parent: URL) -> Result<CgroupRunFolder, FolderError> {
        let directory = parent.appendingPathComponent(name)
        if let error = CgroupFiles.makeDirectory(directory) { return .failure(FolderError(message: error)) }
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            rmdir(directory.path)
            return .failure(FolderError(message: "cannot lock it (\(error))"))
        }
        return .success(CgroupRunFolder(directory: directory, descriptor: descriptor))
    }

    struct FolderError: Error { var message: String }

    /// Removes the run folders in `parent` whose lock can be taken, with their launches' groups;
    /// and a v2 leaf a gone grader moved itself into (`grader-PID-self`), which the kernel lets go
    /// only once no process is in it.
    static func removeGone(in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix("grader-") {
            let folder = parent.appendingPathComponent(name)
            if name.hasSuffix("-self") {
                rmdir(folder.path)
                continue
            }
            let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            let launches = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey])) ?? []
            for launch in launches where (try? launch.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                LaunchGroup.end(launch)
            }
            rmdir(folder.path)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What ``LaunchServer`` removes between two launches of a case, so that a launch cannot leave
/// anything for the next one but its container: the files of the sandbox's scratch folders
/// and the System V IPC objects of its IPC namespace. With C calls only, so that the waiting
/// process keeps no state of Foundation's that a later launch would inherit.
enum LaunchCleanup {
    /// Removes everything inside `path` (the folder itself stays); quietly does nothing where
    /// it cannot (a read-only `/dev/shm`).
    static func emptyDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        empty(directory: fd)
    }

    /// Empties the folder open on `fd`, and closes it.
    private static func empty(directory fd: Int32) {
        guard let stream = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names {
            if unlinkat(fd, name, 0) == 0 { continue }
            // A folder: make it writable and searchable, empty it, then remove it.
            let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 {
                fchmod(child, 0o700)
                empty(directory: child)
            } else {
                fchmodat(fd, name, 0o700, 0)
                let retry = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if retry >= 0 { empty(directory: retry) }
            }
            unlinkat(fd, name, AT_REMOVEDIR)
        }
    }

    /// Removes every shared memory segment, message queue and semaphore set the namespace
    /// holds (listed in `/proc/sysvipc`; all of them belong to the sandbox's one user).
    static func removeSystemVObjects() {
        for id in identifiers(in: "/proc/sysvipc/shm") { shmctl(id, IPC_RMID, nil) }
        for id in identifiers(in: "/proc/sysvipc/msg") { msgctl(id, IPC_RMID, nil) }
        for id in identifiers(in: "/proc/sysvipc/sem") { _ = Semctl.remove(id) }
    }

    /// The second column (the object's id) of each line but the header of a `/proc/sysvipc` table.
    private static func identifiers(in path: String) -> [Int32] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var ids: [Int32] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var header = true
        while getline(&line, &capacity, file) > 0 {
            if header {
                header = false
                continue
            }
            let fields = String(cString: line!).split(separator: " ", omittingEmptySubsequences: true)
            if fields.count > 1, let id = Int32(fields[1]) { ids.append(id) }
        }
        return ids
    }
}

/// `semctl`, which Swift does not import (it is variadic in C), called through its address.
private enum Semctl {
    private typealias Function = @convention(c) (Int32, Int32, Int32) -> Int32
    private static let function: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "semctl") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    static func remove(_ id: Int32) -> Int32 { function?(id, 0, IPC_RMID) ?? -1 }
}

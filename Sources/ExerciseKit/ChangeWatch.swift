#if canImport(Glibc)
import Glibc

/// The launch server's view of a launch's changes to its container: each call the launch's
/// ``SyscallFilter`` reports is looked at from outside the launch (its descriptors and working
/// folder through `/proc`, its paths read from its memory), counted when it changes a file in
/// the container (the app's home), and let go on, or the launch is killed just before it when
/// the count reaches the armed change. Nothing the launch does can change the count: it is
/// never in the launch's memory, and the grader asks the server for it, not the app.
///
/// What counts is what an app can see after a crash: a write to a file, a truncation, a
/// creation (an open that creates a file, a new folder, link or node), a rename and a removal.
/// Writes through a shared memory mapping are not system calls and are not seen; SQLite
/// writes its `-shm` index that way, which it rebuilds after a crash.
struct ChangeWatch {
    /// The descriptor the filter's reports arrive on.
    let listener: Int32
    /// False once no process is left under the filter (the listener then only reports that).
    var isListening = true
    /// The container's path in the sandbox.
    let home: String
    /// Changes counted since the launch started.
    private(set) var changes = 0
    /// The count at which the launch is killed, just before the change; 0 when not armed.
    private var armedAt = 0
    /// The count when the grader last armed the watch.
    private var callStart = 0

    init(listener: Int32, home: String) {
        self.listener = listener
        self.home = home
    }

    /// From now on: kill the launch just before the nth change (none when `n` is 0).
    mutating func arm(_ n: Int) {
        callStart = changes
        armedAt = n > 0 ? changes + n : 0
    }

    /// The changes since the watch was last armed; the watch is disarmed.
    mutating func changesSinceArmed() -> Int {
        armedAt = 0
        return changes - callStart
    }

    // struct seccomp_notif, seccomp_notif_resp, and the ioctls on the listener.
    private struct Notification {
        var id: UInt64 = 0
        var pid: UInt32 = 0
        var flags: UInt32 = 0
        var number: Int32 = 0
        var architecture: UInt32 = 0
        var instructionPointer: UInt64 = 0
        var arguments: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    }

    private struct Response {
        var id: UInt64
        var value: Int64 = 0
        var error: Int32 = 0
        var flags: UInt32 = 1 // SECCOMP_USER_NOTIF_FLAG_CONTINUE
    }

    private static let receive: UInt = 0xC050_2100 // SECCOMP_IOCTL_NOTIF_RECV
    private static let respond: UInt = 0xC018_2101 // SECCOMP_IOCTL_NOTIF_SEND
    private static let stillValid: UInt = 0x4008_2102 // SECCOMP_IOCTL_NOTIF_ID_VALID

    /// Takes one report: counts it when it changes the container, then lets the call go on, or
    /// kills every process of the launch before it when that was the armed change.
    mutating func handleReport() {
        var notification = Notification()
        guard SystemCall.ioctl(listener, Self.receive, &notification) == 0 else { return }
        let arguments = withUnsafeBytes(of: notification.arguments) { Array($0.bindMemory(to: UInt64.self)) }
        let changesContainer = SyscallFilter.kinds[notification.number].map {
            Inspection(pid: pid_t(notification.pid), home: home).changes($0, arguments: arguments)
        } ?? false
        // What was read belongs to the process that made the call, not to one that reused its number.
        var id = notification.id
        guard SystemCall.ioctl(listener, Self.stillValid, &id) == 0 else { return }
        if changesContainer {
            changes += 1
            if armedAt > 0, changes >= armedAt {
                armedAt = 0
                // The call is never answered: killed, the process does not make it.
                kill(-1, SIGKILL)
                return
            }
        }
        var response = Response(id: notification.id)
        _ = SystemCall.ioctl(listener, Self.respond, &response)
    }
}

/// One reported call looked at through `/proc/<pid>`: which files it changes.
private struct Inspection {
    let pid: pid_t
    let home: String

    func changes(_ kind: SyscallFilter.Kind, arguments: [UInt64]) -> Bool {
        switch kind {
        case .descriptor(let fd, let count):
            if let count, arguments[count] == 0 { return false }
            return inContainer(link("fd/\(Int32(truncatingIfNeeded: arguments[fd]))"))
        case .paths(let paths):
            return paths.contains { inContainer(resolve($0, arguments: arguments)) }
        case .open(let path, let flagsArgument, let flagsInMemory):
            var flags: UInt64 = UInt64(SyscallFilter.changingOpenFlags)
            if let flagsArgument {
                flags = arguments[flagsArgument]
                if flagsInMemory {
                    // struct open_how starts with its 64-bit flags.
                    guard let bytes = memory(at: arguments[flagsArgument], count: 8) else { return true }
                    flags = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                }
            }
            let resolved = resolve(path, arguments: arguments)
            guard inContainer(resolved) else { return false }
            guard case .path(let file) = resolved else { return true }
            if flags & 0o1000 != 0 { return true } // O_TRUNC
            guard flags & 0o100 != 0 else { return false } // O_CREAT
            var status = stat()
            return stat(file, &status) != 0
        }
    }

    /// What a file name in `/proc/<pid>` resolves to; `unreadable` when the process hides it
    /// (a launch that makes itself undumpable): then every call it makes counts.
    enum Resolved {
        case path(String)
        case none
        case unreadable
    }

    private func inContainer(_ resolved: Resolved) -> Bool {
        switch resolved {
        case .path(let path): return path == home || path.hasPrefix(home + "/")
        case .none: return false
        case .unreadable: return true
        }
    }

    private func link(_ name: String) -> Resolved {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink("/proc/\(pid)/\(name)", &buffer, 4096)
        if count < 0 { return errno == EACCES || errno == EPERM ? .unreadable : .none }
        return .path(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private func resolve(_ path: SyscallFilter.Kind.Path, arguments: [UInt64]) -> Resolved {
        guard let bytes = cString(at: arguments[path.argument]) else { return .unreadable }
        let name = String(decoding: bytes, as: UTF8.self)
        if name.hasPrefix("/") { return .path(Self.normalized(name)) }
        let folder = path.folder.map { Int32(truncatingIfNeeded: arguments[$0]) } ?? AT_FDCWD
        let base = folder == AT_FDCWD ? link("cwd") : link("fd/\(folder)")
        guard case .path(let directory) = base else { return base }
        return .path(Self.normalized(directory + "/" + name))
    }

    /// `path` with `.`, `..` and repeated slashes taken out, as the kernel walks it (a symbolic
    /// link inside the container is not followed: the container is the launch's own).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The string at `address` in the process's memory, up to 4096 bytes.
    private func cString(at address: UInt64) -> [UInt8]? {
        var result: [UInt8] = []
        var next = address
        while result.count < 4096 {
            // Up to the end of the page, so that a string near an unmapped page still reads.
            let count = Int(4096 - next % 4096)
            guard let chunk = memory(at: next, count: count) else { return result.isEmpty ? nil : result }
            if let end = chunk.firstIndex(of: 0) { return result + chunk[..<end] }
            result += chunk
            next += UInt64(count)
        }
        return result
    }

    private func memory(at address: UInt64, count: Int) -> [UInt8]? {
        let fd = open("/proc/\(pid)/mem", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, count, off_t(Int64(bitPattern: address))) }
        return read > 0 ? Array(bytes[..<read]) : nil
    }
}
#endif

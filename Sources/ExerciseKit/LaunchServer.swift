#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The waiting mode of an exercise binary: started by the grader once per case, as the
/// sandbox's PID 1, it has loaded its libraries and run no learner code; each launch of the case
/// is a `fork` of it that goes on to run the driver. What the grader asks, on the control socket
/// at ``controlFD`` (a sequenced-packet Unix socket):
///
/// - `L` and the launch's hashing seed (16 bytes, ``HashingSeed``; none for a random one), then
///   optionally its language (the phone's `LANG`, after a seed), with four descriptors attached
///   (standard output, standard error, the request pipe's reading end, the reply pipe's writing
///   end): fork a launch on them; the answer is `S`, or `F` and a reason when the fork failed;
/// - `K`: kill the launch (and everything it started);
/// - `A` and a count (four bytes, little-endian), when the server watches changes: from now on,
///   kill the launch just before its nth change of a file in its container (none for 0); the
///   answer is `a`;
/// - `C`: how many changes the launch made since it was last armed (answered `c` and four
///   bytes, little-endian); the watch is disarmed;
/// - the end of the socket: the grader is gone, and so is the server.
///
/// When the launch ends, by itself or killed, the server kills every other process in the
/// sandbox and reaps them, empties `/tmp` and `/dev/shm`, removes System V IPC objects, and
/// only then answers `E` and the launch's wait status (four bytes, little-endian): the next
/// launch finds what a fresh sandbox would, except its container.
///
/// With ``watchChangesVariable`` set, each launch installs a ``SyscallFilter`` before anything
/// else and hands its listener to the server, which counts the launch's changes to its
/// container and kills it at the armed one (``ChangeWatch``): the count is kept outside the
/// process whose changes it counts.
///
/// The learner's process cannot reach the server: as PID 1 of its PID namespace, it gets no
/// signal from inside it that it has not asked for (not even SIGKILL or SIGSTOP); it is not
/// dumpable, so it cannot be traced and its memory cannot be read through `/proc`; and its
/// control socket is closed in every launch before the driver runs.
public enum LaunchServer {
    /// The environment variable that asks for the waiting mode, naming the control socket.
    public static let controlFDVariable = "EXERCISEKIT_LAUNCH_SERVER_FD"
    /// Where the grader puts the control socket.
    public static let controlFD: Int32 = 5
    /// The environment variable that asks the server to watch each launch's file changes.
    public static let watchChangesVariable = "EXERCISEKIT_WATCH_CHANGES"

    /// The message kinds on the control socket.
    public enum Message: UInt8 {
        case launch = 0x4C // L
        case kill = 0x4B // K
        case started = 0x53 // S
        case failed = 0x46 // F
        case ended = 0x45 // E
        case arm = 0x41 // A
        case armed = 0x61 // a
        case count = 0x43 // C
        case counted = 0x63 // c
    }

    /// A number as the control messages carry it: four bytes, little-endian.
    public static func word(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The number in four little-endian bytes of a control message.
    public static func number(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// The `L` message for a launch with `hashingSeed` (16 bytes, or none for a random seed) and
    /// `language` (a locale name such as `de_DE.UTF-8`, which needs a seed); nil for a language
    /// that is not one (empty, over 64 bytes, or other than letters, digits, `_`, `.`, `-`, `@`).
    public static func launchMessage(hashingSeed: [UInt8], language: String?) -> [UInt8]? {
        guard let language else { return [Message.launch.rawValue] + hashingSeed }
        let bytes = Array(language.utf8)
        let allowed = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("_.-@".utf8).contains(byte)
        }
        guard hashingSeed.count == 16, !bytes.isEmpty, bytes.count <= 64, bytes.allSatisfy(allowed) else { return nil }
        return [Message.launch.rawValue] + hashingSeed + bytes
    }

    /// The write end of the pipe that the SIGCHLD handler wakes the loop with.
    nonisolated(unsafe) private static var wakeFD: Int32 = -1

    /// Becomes the server when the environment asks for it; returns at once otherwise, and in
    /// each launch (the forked child, with its descriptors in place), never in the server.
    static func serveIfAsked() {
        guard let value = getenv(controlFDVariable), let control = Int32(String(cString: value)) else { return }
        serve(control: control)
    }

    private static func serve(control: Int32) {
        _ = Prctl.call(Prctl.setDumpable, 0)
        signal(SIGPIPE, SIG_IGN)
        var wake: [Int32] = [0, 0]
        guard pipe(&wake) == 0 else { _exit(70) }
        for fd in wake { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        wakeFD = wake[1]
        signal(SIGCHLD) { _ in
            var byte: UInt8 = 0
            _ = write(LaunchServer.wakeFD, &byte, 1)
        }
        let watchesChanges = getenv(watchChangesVariable) != nil
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        var current: pid_t = 0
        var watch: ChangeWatch?
        while true {
            var fds = [pollfd(fd: control, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: watch?.isListening == true ? watch!.listener : -1, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 3, -1) < 0 {
                if errno == EINTR { continue }
                _exit(70)
            }
            // The launch's reports first: each holds one of its calls until it is answered.
            if fds[2].revents & Int16(POLLIN) != 0 {
                watch?.handleReport()
            } else if fds[2].revents != 0 {
                // No process is left under the filter: nothing more to report.
                watch?.isListening = false
            }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wake[0], &drain, drain.count) > 0 {}
            }
            // Reap whatever ended: the launch, or a process it left behind.
            var status: Int32 = 0
            while true {
                let ended = waitpid(-1, &status, WNOHANG)
                if ended <= 0 { break }
                if ended == current {
                    if let listener = watch?.listener { close(listener) }
                    watch = nil
                    endLaunch(status: status, control: control)
                    current = 0
                }
            }
            guard fds[0].revents != 0 else { continue }
            guard let message = DescriptorPassing.receive(control) else {
                // The grader is gone.
                kill(-1, SIGKILL)
                _exit(0)
            }
            switch message.bytes.first.flatMap(Message.init(rawValue:)) {
            case .launch where current == 0 && message.descriptors.count == 4:
                let seed = Array(message.bytes.dropFirst().prefix(16))
                let language = message.bytes.count > 17 ? Array(message.bytes.dropFirst(17)) : nil
                switch forkLaunch(message.descriptors, seed: seed, language: language, control: control, wake: wake,
                            watchesChanges: watchesChanges) {
                case .launch:
                    return
                case .started(let child, let listener):
                    current = child
                    watch = listener.map { ChangeWatch(listener: $0, home: home) }
                    _ = DescriptorPassing.send(control, [Message.started.rawValue])
                case .failed(let reason):
                    _ = DescriptorPassing.send(control, [Message.failed.rawValue] + Array(reason.utf8.prefix(60)))
                }
            case .kill:
                // The launch's end is answered once it is reaped.
                if current != 0 { kill(-1, SIGKILL) }
            case .arm where message.bytes.count == 5:
                watch?.arm(Int(number(message.bytes[1...4])))
                _ = DescriptorPassing.send(control, [watch == nil ? Message.failed.rawValue : Message.armed.rawValue])
            case .count:
                let bytes = word(UInt32(clamping: watch?.changesSinceArmed() ?? 0))
                _ = DescriptorPassing.send(control, watch == nil ? [Message.failed.rawValue] : [Message.counted.rawValue] + bytes)
            default:
                for fd in message.descriptors { close(fd) }
                _ = DescriptorPassing.send(control, [Message.failed.rawValue] + Array("unexpected message".utf8))
            }
        }
    }

    private enum Forked {
        /// In the child: return to run the driver.
        case launch
        case started(pid_t, listener: Int32?)
        case failed(String)
    }

    /// Forks a launch on `descriptors`. When the server watches changes, the child installs
    /// its filter first and hands the listener over a socket pair made for it.
    private static func forkLaunch(_ descriptors: [Int32], seed: [UInt8], language: [UInt8]?, control: Int32, wake: [Int32],
                             watchesChanges: Bool) -> Forked {
        var pair: [Int32] = [-1, -1]
        if watchesChanges,
           socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) != 0 {
            for fd in descriptors { close(fd) }
            return .failed(String(cString: strerror(errno)))
        }
        let child = fork()
        if child == 0 {
            if watchesChanges {
                close(pair[0])
                switch SyscallFilter.install() {
                case .success(let listener):
                    _ = DescriptorPassing.send(pair[1], [Message.started.rawValue], descriptors: [listener])
                    close(listener)
                case .failure(let error):
                    _ = DescriptorPassing.send(pair[1], [Message.failed.rawValue] + Array("cannot watch file changes (\(error))".utf8))
                    _exit(70)
                }
                close(pair[1])
            }
            becomeLaunch(descriptors, seed: seed, language: language, control: control, wake: wake)
            return .launch
        }
        for fd in descriptors { close(fd) }
        if watchesChanges { close(pair[1]) }
        defer { if watchesChanges { close(pair[0]) } }
        if child < 0 { return .failed(String(cString: strerror(errno))) }
        guard watchesChanges else { return .started(child, listener: nil) }
        let answer = DescriptorPassing.receive(pair[0])
        guard let answer, answer.bytes.first == Message.started.rawValue, answer.descriptors.count == 1 else {
            answer?.descriptors.forEach { close($0) }
            kill(child, SIGKILL)
            let reason = answer.map { String(decoding: $0.bytes.dropFirst(), as: UTF8.self) } ?? "the launch ended before it watched its changes"
            return .failed(reason)
        }
        return .started(child, listener: answer.descriptors[0])
    }

    /// After the launch has ended: what a new sandbox would not have is removed, then the
    /// grader is told how the launch ended.
    private static func endLaunch(status: Int32, control: Int32) {
        kill(-1, SIGKILL)
        var ignored: Int32 = 0
        while waitpid(-1, &ignored, 0) > 0 || errno == EINTR {}
        LaunchCleanup.emptyDirectory("/tmp")
        LaunchCleanup.emptyDirectory("/dev/shm")
        LaunchCleanup.removeSystemVObjects()
        _ = DescriptorPassing.send(control, [Message.ended.rawValue] + word(UInt32(bitPattern: status)))
    }

    /// In the forked child: the launch's descriptors on 1, 2 and the protocol's, nothing else
    /// open, the server's signal handling undone, a session of its own, the case's language.
    private static func becomeLaunch(_ received: [Int32], seed: [UInt8], language: [UInt8]?, control: Int32, wake: [Int32]) {
        signal(SIGCHLD, SIG_DFL)
        signal(SIGPIPE, SIG_DFL)
        // Moved out of the way first: a received descriptor may have a target's number.
        let moved = received.map { fcntl($0, F_DUPFD, 100) }
        let targets: [Int32] = [1, 2, WireProtocol.requestFD, WireProtocol.replyFD]
        for (fd, target) in zip(moved, targets) { dup2(fd, target) }
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let highest = Int32(clamping: min(limit.rlim_cur, 4096))
        var fd = WireProtocol.replyFD + 1
        while fd < max(highest, 128) {
            close(fd)
            fd += 1
        }
        setsid()
        _ = Prctl.call(Prctl.setDumpable, 1)
        unsetenv(controlFDVariable)
        // Set by the grader for the server alone (its libraries bound before it forks).
        unsetenv("LD_BIND_NOW")
        // The phone's language, as an exec'd launch finds it in its environment. (Foundation
        // does not read `LANG` for `Locale.current` on Linux; the C library reads it when the
        // program asks, which is after this.)
        if let language { setenv("LANG", String(decoding: language, as: UTF8.self), 1) }
        // The launch's own hashing seed. Safe only because the server creates no hashed
        // collection before it forks (it runs on C calls and arrays): a table built with one
        // seed cannot be searched with another.
        HashingSeed.apply(seed)
    }
}

/// `prctl`, which Swift does not import (it is variadic in C), called through its address.
enum Prctl {
    static let setDumpable: Int32 = 4 // PR_SET_DUMPABLE
    static let setNoNewPrivileges: Int32 = 38 // PR_SET_NO_NEW_PRIVS
    private typealias Function = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private static let function: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    static func call(_ option: Int32, _ argument: UInt) -> Int32 {
        function?(option, argument, 0, 0, 0) ?? -1
    }
}

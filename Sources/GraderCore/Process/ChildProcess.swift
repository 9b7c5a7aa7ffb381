import ExerciseKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process with captured standard output and error and, optionally, the two protocol
/// pipes of ExerciseKit (requests on the child's fd 3, replies on its fd 4).
///
/// Spawned with `posix_spawn` rather than Foundation's `Process`, which closes every descriptor
/// above 2 in the child and so cannot hand over the protocol pipes. Every descriptor of the
/// grader other than those is closed in the child, so one submission never inherits another's.
final class ChildProcess {
    /// The process, or for a forked launch the sandbox it runs in (``LaunchControl``).
    let pid: pid_t
    private let ownProcessGroup: Bool
    /// For a launch forked by a waiting exercise binary: what reports its end and kills it.
    private let control: LaunchControl?
    /// How many generations below ``pid`` the launch's own processes start (for
    /// ``ProcessorWait``): 0 for a spawned process, 2 for a forked launch.
    var launchDepth: Int { control == nil ? 0 : 2 }
    private var requestFD: Int32 = -1
    private var replyFD: Int32 = -1
    private var stdoutFD: Int32
    private var stderrFD: Int32
    private(set) var termination: Termination?

    private var replyBuffer = Data()
    /// How much of `replyBuffer` is known to hold no newline, so that a long reply arriving in
    /// many pieces is scanned once, not once per piece.
    private var replyScanned = 0
    /// The longest reply line kept: a driver's reply is a JSON value a step returned; past this,
    /// the line is cut (and then fails to decode) rather than filling the grader's memory.
    static let replyLimit = 64 << 20
    private(set) var stdoutBuffer = Data()
    private(set) var stderrBuffer = Data()
    /// Output bytes read over the process's whole life, for the output cap.
    private(set) var outputTotal = 0

    /// What writing a request produced.
    enum Sent: Equatable {
        case sent
        /// The child closed its end (or is gone): nothing more can be written.
        case closed
        /// The child did not read it all before the deadline.
        case timedOut
    }

    /// What waiting for a reply produced.
    enum Event: Equatable {
        case reply(Data)
        case ended
        case timedOut
        case outputLimit
    }

    /// Starts `executable` with `arguments` and exactly `environment`.
    /// - Parameters:
    ///   - protocolPipes: create the request and reply pipes on the descriptors ``WireProtocol`` names.
    ///   - ownProcessGroup: start a process group of its own, so that a kill reaches what it has
    ///     started too (bubblewrap's inner process, before it has arranged to die with the outer
    ///     one). Only sandboxed launches want it: a compiler left in the grader's group gets the
    ///     terminal's Ctrl-C along with the grader.
    ///   - passing: one more descriptor of the grader's, and the number it gets in the child.
    init(executable: String, arguments: [String], environment: [String: String], protocolPipes: Bool,
         ownProcessGroup: Bool = false, passing extra: (fd: Int32, as: Int32)? = nil) throws {
        self.ownProcessGroup = ownProcessGroup
        control = nil
        let outPipe = try Self.makePipe()
        let errPipe = try Self.makePipe()
        var requestPipe: (read: Int32, write: Int32) = (-1, -1)
        var replyPipe: (read: Int32, write: Int32) = (-1, -1)
        if protocolPipes {
            requestPipe = try Self.makePipe()
            replyPipe = try Self.makePipe()
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe.write, 2)
        if protocolPipes {
            posix_spawn_file_actions_adddup2(&actions, requestPipe.read, WireProtocol.requestFD)
            posix_spawn_file_actions_adddup2(&actions, replyPipe.write, WireProtocol.replyFD)
        }
        if let extra { posix_spawn_file_actions_adddup2(&actions, extra.fd, extra.as) }
        Self.closeDescriptors(from: max(protocolPipes ? WireProtocol.replyFD + 1 : 3, (extra?.as ?? 0) + 1), in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        // The child's ends belong to the child now.
        close(outPipe.write)
        close(errPipe.write)
        if protocolPipes {
            close(requestPipe.read)
            close(replyPipe.write)
        }
        guard status == 0 else {
            [outPipe.read, errPipe.read, requestPipe.write, replyPipe.read].filter { $0 >= 0 }.forEach { close($0) }
            throw GraderError.io("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        stdoutFD = outPipe.read
        stderrFD = errPipe.read
        requestFD = requestPipe.write
        replyFD = replyPipe.read
        // Non-blocking both ways: a child that stops reading its requests cannot hold the grader
        // in a write, nor one that stops writing hold it in a read.
        for fd in [stdoutFD, stderrFD, replyFD, requestFD] where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    /// A launch forked by `control` on four new pipes: standard output and error, requests and
    /// replies, as ``init(executable:arguments:environment:protocolPipes:ownProcessGroup:passing:)``
    /// makes them for an exec.
    init(launchedBy control: LaunchControl, hashingSeed: [UInt8] = [], language: String? = nil) throws {
        ownProcessGroup = false
        self.control = control
        let outPipe = try Self.makePipe()
        let errPipe = try Self.makePipe()
        let requestPipe = try Self.makePipe()
        let replyPipe = try Self.makePipe()
        let theirs = [outPipe.write, errPipe.write, requestPipe.read, replyPipe.write]
        defer { theirs.forEach { close($0) } }
        do {
            try control.start(descriptors: theirs, hashingSeed: hashingSeed, language: language)
        } catch {
            [outPipe.read, errPipe.read, requestPipe.write, replyPipe.read].forEach { close($0) }
            throw error
        }
        pid = control.observedPID
        stdoutFD = outPipe.read
        stderrFD = errPipe.read
        requestFD = requestPipe.write
        replyFD = replyPipe.read
        for fd in [stdoutFD, stderrFD, replyFD, requestFD] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        kill()
        for fd in [stdoutFD, stderrFD, replyFD, requestFD] where fd >= 0 { close(fd) }
    }

    /// Writes `line` (which ends with its newline) to the child's request pipe by `deadline`,
    /// reading its output and replies meanwhile, so that a child busy writing cannot block its
    /// own requests. A child that closed the pipe is `.closed`, never a SIGPIPE for the grader.
    func send(_ line: Data, deadline: Date) -> Sent {
        guard requestFD >= 0 else { return .closed }
        return Self.withoutSIGPIPE {
            line.withUnsafeBytes { bytes -> Sent in
                var offset = 0
                while offset < bytes.count {
                    let written = write(requestFD, bytes.baseAddress! + offset, bytes.count - offset)
                    if written >= 0 {
                        offset += written
                        continue
                    }
                    guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .closed }
                    if errno == EINTR { continue }
                    let remaining = deadline.timeIntervalSinceNow
                    if remaining <= 0 { return .timedOut }
                    var fds = [pollfd(fd: requestFD, events: Int16(POLLOUT), revents: 0)]
                        + [replyFD, stdoutFD, stderrFD].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                    if poll(&fds, nfds_t(fds.count), Int32(min(remaining, 3600) * 1000) + 1) < 0 && errno != EINTR { return .closed }
                    for entry in fds.dropFirst() where entry.revents != 0 { readAvailable(entry.fd) }
                }
                return .sent
            }
        }
    }

    /// Runs `body` with SIGPIPE blocked in this thread, and takes the SIGPIPE a write to a
    /// closed pipe left pending before unblocking it, so that it never ends the grader.
    ///
    /// Not `signal(SIGPIPE, SIG_IGN)` for the whole process: with SIGPIPE ignored, Foundation's
    /// `FileHandle.write` traps on a closed standard output (`grader list | head`), where the
    /// default ends the grader quietly as every command-line tool ends.
    static func withoutSIGPIPE<T>(_ body: () -> T) -> T {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return body()
    }

    /// Stops sending requests: the child sees the end of its input.
    func closeRequests() {
        if requestFD >= 0 {
            close(requestFD)
            requestFD = -1
        }
    }

    /// Waits for the next reply line, reading output as it comes.
    func nextReply(deadline: Date, outputLimit: Int) -> Event {
        while true {
            let newline = replyBuffer.withUnsafeBytes { bytes -> Int? in
                guard replyScanned < bytes.count, let base = bytes.baseAddress,
                      let hit = memchr(base + replyScanned, Int32(UInt8(ascii: "\n")), bytes.count - replyScanned) else { return nil }
                return base.distance(to: UnsafeRawPointer(hit))
            }
            if let newline {
                let line = replyBuffer.prefix(newline)
                replyBuffer.removeFirst(newline + 1)
                replyScanned = 0
                // Output written before the reply is already in its pipe: take it now.
                drainOutput()
                return outputTotal > outputLimit ? .outputLimit : .reply(Data(line))
            }
            replyScanned = replyBuffer.count
            if replyBuffer.count > Self.replyLimit {
                // Cut: what is kept does not decode, and the step fails as a malformed reply.
                let line = replyBuffer.prefix(Self.replyLimit)
                replyBuffer.removeAll()
                replyScanned = 0
                return .reply(Data(line))
            }
            if outputTotal > outputLimit { return .outputLimit }
            let open = [replyFD, stdoutFD, stderrFD].filter { $0 >= 0 }
            if replyFD < 0 {
                // No more replies can come: wait for the output to end too, then for the exit.
                if open.isEmpty { return .ended }
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return .timedOut }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 3600) * 1000) + 1)
            if ready < 0 && errno != EINTR { return .ended }
            for entry in fds where entry.revents != 0 {
                readAvailable(entry.fd)
            }
        }
    }

    /// Reads whatever output is already waiting, without blocking.
    func drainOutput() {
        for fd in [stdoutFD, stderrFD] where fd >= 0 { readAvailable(fd) }
    }

    /// Hands over the output captured so far and starts a new capture.
    func takeOutput() -> (stdout: Data, stderr: Data) {
        drainOutput()
        defer {
            stdoutBuffer.removeAll()
            stderrBuffer.removeAll()
        }
        return (stdoutBuffer, stderrBuffer)
    }

    /// Reads the descriptor until it would block; closes it at end of file.
    private func readAvailable(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                let data = Data(chunk[..<count])
                if fd == replyFD {
                    replyBuffer.append(data)
                } else {
                    outputTotal += count
                    // Keep a bounded amount: past the cap the launch is ended anyway.
                    if fd == stdoutFD, stdoutBuffer.count < 4 << 20 { stdoutBuffer.append(data) }
                    if fd == stderrFD, stderrBuffer.count < 4 << 20 { stderrBuffer.append(data) }
                }
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            if count < 0 && errno == EINTR { continue }
            close(fd)
            if fd == replyFD { replyFD = -1 }
            if fd == stdoutFD { stdoutFD = -1 }
            if fd == stderrFD { stderrFD = -1 }
            return
        }
    }

    /// Runs a tool to its end: its output until it closes, then its exit, within `timeLimit`
    /// seconds in all (killed past it). For the compiler, `patch` and the sandbox's self-test.
    /// With `ownProcessGroup`, a kill past the limit reaches what the tool started, too.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    timeLimit: Double, ownProcessGroup: Bool = false) throws
        -> (timedOut: Bool, termination: Termination?, output: String) {
        let process = try ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                       protocolPipes: false, ownProcessGroup: ownProcessGroup)
        let deadline = Date().addingTimeInterval(timeLimit)
        let event = process.nextReply(deadline: deadline, outputLimit: 16 << 20)
        if event != .ended { process.kill() }
        let termination = process.waitForExit(deadline: max(deadline, Date().addingTimeInterval(1)))
        if termination == nil { process.kill() }
        let output = String(decoding: process.stdoutBuffer + process.stderrBuffer, as: UTF8.self)
        return (event == .timedOut, process.termination, output)
    }

    /// Waits up to `deadline` for the child to exit by itself; nil if it is still running.
    @discardableResult
    func waitForExit(deadline: Date) -> Termination? {
        while termination == nil {
            if reap(blocking: false) { break }
            if Date() >= deadline { return nil }
            drainOutput()
            usleep(2000)
        }
        return termination
    }

    /// Ends the child with SIGKILL and reaps it, then waits until the app inside the sandbox is
    /// gone too: bubblewrap's PID namespace ends it, but its exit (closing its files, releasing
    /// its SQLite locks) can lag behind bubblewrap's by tens of milliseconds, and the next launch
    /// on the same container must not find the database still locked. The app's pipes reach end
    /// of file when its last descriptors close.
    func kill() {
        guard termination == nil else { return }
        if let control {
            control.requestKill()
            termination = control.end(waitingUntil: Date().addingTimeInterval(10)) ?? .signaled(SIGKILL)
            waitForPipesToClose(deadline: Date().addingTimeInterval(2))
            return
        }
        if ownProcessGroup { Glibc.kill(-pid, SIGKILL) }
        Glibc.kill(pid, SIGKILL)
        _ = reap(blocking: true)
        waitForPipesToClose(deadline: Date().addingTimeInterval(2))
    }

    private func waitForPipesToClose(deadline: Date) {
        while true {
            let open = [replyFD, stdoutFD, stderrFD].filter { $0 >= 0 }
            let remaining = deadline.timeIntervalSinceNow
            if open.isEmpty || remaining <= 0 { return }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), Int32(remaining * 1000) + 1) < 0 && errno != EINTR { return }
            for entry in fds where entry.revents != 0 { readAvailable(entry.fd) }
        }
    }

    private func reap(blocking: Bool) -> Bool {
        if let control {
            termination = control.end(waitingUntil: blocking ? Date().addingTimeInterval(10) : nil)
            return termination != nil
        }
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        if result == pid {
            termination = Self.decode(status)
            return true
        }
        if result < 0 && errno == EINTR { return reap(blocking: blocking) }
        if result < 0 { termination = .exited(-1); return true }
        return false
    }

    static func decode(_ status: Int32) -> Termination {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw GraderError.io("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec, so that a process spawned by another thread never inherits them.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    /// Closes every descriptor from `first` up in the child (glibc 2.34+). Without it, the
    /// grader's own pipes are still closed because they are all created close-on-exec.
    private static func closeDescriptors(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        _ = closeFrom?(&actions, first)
    }
}

/// What forks a launch and reports how it ended, for a ``ChildProcess`` that is not the
/// grader's own child (``AppServer``).
protocol LaunchControl: AnyObject {
    /// Forks a launch on `descriptors` (standard output, standard error, the request pipe's
    /// reading end, the reply pipe's writing end) with `hashingSeed` (16 bytes; none for a random
    /// one) and `language` as its `LANG` (nil: the server's). Throws when no launch could start.
    func start(descriptors: [Int32], hashingSeed: [UInt8], language: String?) throws
    /// Asks for the launch to be killed, with everything it started.
    func requestKill()
    /// How the launch ended, once it has and its sandbox is clean again; nil when it is still
    /// running at `deadline` (or at once when `deadline` is nil).
    func end(waitingUntil deadline: Date?) -> Termination?
    /// The process (bubblewrap) whose grandchildren are the launch and what it started, for
    /// measuring their processor wait.
    var observedPID: pid_t { get }
}

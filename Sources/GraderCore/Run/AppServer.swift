import ExerciseKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exercise binary waiting for launches in a sandbox of its own (``LaunchServer``): the
/// sandbox, its cgroup and the binary's start-up are paid once, and each launch is a `fork` of
/// the waiting binary that goes on to run the driver.
///
/// A server is kept for the case runs of one binary with the same limits and time zone
/// (``AppServerPool``): its sandbox binds one container folder as the app's home, which is
/// emptied and filled anew before each case run (``AppContainer/refill(from:)``). What launches
/// of one server share that exec'd launches do not (the address layout; not the hashing seed,
/// which each launch takes anew) is listed in `Docs/architecture.md` with what it changes.
final class AppServer: LaunchControl {
    /// The sandbox: bubblewrap, with the server as its PID 1.
    private let sandboxProcess: ChildProcess
    /// The cgroup that bounds each launch, with the server in it.
    let group: LaunchGroup?
    /// The folder the sandbox shows as the app's home.
    let container: AppContainer
    private var control: Int32
    /// The server is gone (killed, or it failed): no more launches.
    private(set) var isGone = false
    /// A launch started and its end not yet reported: the server is not ready for another.
    private(set) var isLaunching = false
    /// The server watches each launch's changes to its container (``LaunchServer``'s
    /// ``ChangeWatch``): a call can be killed at its nth change, and its changes counted.
    let watchesChanges: Bool
    /// The launch's end, when it came while the grader waited for another answer.
    private var pendingEnd: DescriptorPassing.Received?

    init(sandbox: Sandbox, bundle: AppBundle, container: AppContainer, limits: Limits, defaultsSuites: [String],
         environment: PhoneEnvironment, countsFileChanges: Bool) throws {
        let group = try sandbox.resources.makeGroup(limits: limits)
        let staged = try sandbox.folder.stage(bundle.directory, key: bundle.key)
        // The phone is the server's, not set in each launch: Foundation reads the time zone as
        // it loads, before the server forks (a `TZ` set in the launch is not seen by a
        // `DateFormatter`).
        let command = sandbox.command(bundle: staged, container: container, limits: limits,
                                      defaultsSuites: defaultsSuites, environment: environment,
                                      countsFileChanges: countsFileChanges, group: group, launchServer: true)
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            group?.remove()
            throw GraderError.io("cannot create the launch server's socket: \(String(cString: strerror(errno)))")
        }
        defer { close(pair[1]) }
        do {
            sandboxProcess = try ChildProcess(executable: command.executable, arguments: command.arguments,
                                              environment: command.environment, protocolPipes: false,
                                              ownProcessGroup: true, passing: (pair[1], LaunchServer.controlFD))
        } catch {
            close(pair[0])
            group?.remove()
            throw error
        }
        control = pair[0]
        self.group = group
        self.container = container
        watchesChanges = countsFileChanges
    }

    deinit { end() }

    var observedPID: pid_t { sandboxProcess.pid }

    func start(descriptors: [Int32], hashingSeed: [UInt8], language: String?) throws {
        guard !isGone else { throw GraderError.io("the launch server has ended") }
        guard !isLaunching else { throw GraderError.io("the launch server's last launch has not ended") }
        pendingEnd = nil
        guard let message = LaunchServer.launchMessage(hashingSeed: hashingSeed, language: language) else {
            throw GraderError.io("not a language a launch can be given: \(language ?? "")")
        }
        guard DescriptorPassing.send(control, message, descriptors: descriptors) else {
            // Ended while it waited (killed from outside): the pool replaces it.
            serverEnded()
            throw GraderError.io("the launch server has ended")
        }
        guard let answer = receive(until: Date().addingTimeInterval(30)) else {
            serverEnded()
            throw GraderError.io("the launch server ended before the launch started: \(serverOutput())")
        }
        switch answer.bytes.first.flatMap(LaunchServer.Message.init(rawValue:)) {
        case .started:
            isLaunching = true
            return
        default:
            throw GraderError.io("the launch server could not fork: \(String(decoding: answer.bytes.dropFirst(), as: UTF8.self))")
        }
    }

    /// From now on, the server kills the launch just before its nth change of a file in its
    /// container (none for 0), and counts its changes from here. False when the server is gone
    /// or does not watch changes.
    func arm(killingAtChange n: Int) -> Bool {
        ask([LaunchServer.Message.arm.rawValue] + LaunchServer.word(UInt32(clamping: n)))?.bytes == [LaunchServer.Message.armed.rawValue]
    }

    /// The changes the launch made to its container since the server was last armed, as the
    /// server counted them; nil when it could not say.
    func changesSinceArmed() -> Int? {
        guard let answer = ask([LaunchServer.Message.count.rawValue]), answer.bytes.count == 5,
              answer.bytes[0] == LaunchServer.Message.counted.rawValue else { return nil }
        return Int(LaunchServer.number(answer.bytes[1...4]))
    }

    /// Sends `bytes` and waits for the answer (ten seconds at most: the server answers at once),
    /// keeping a launch's end that comes first for ``end(waitingUntil:)``.
    private func ask(_ bytes: [UInt8]) -> DescriptorPassing.Received? {
        guard !isGone, watchesChanges, DescriptorPassing.send(control, bytes) else { return nil }
        let deadline = Date().addingTimeInterval(10)
        while let message = receive(until: deadline) {
            guard message.bytes.first == LaunchServer.Message.ended.rawValue else { return message }
            pendingEnd = message
        }
        return nil
    }

    func requestKill() {
        if !isGone { _ = DescriptorPassing.send(control, [LaunchServer.Message.kill.rawValue]) }
    }

    /// The launch's end as the server reports it; when the server itself is gone, the
    /// sandbox's end stands for it.
    func end(waitingUntil deadline: Date?) -> Termination? {
        if isGone { return sandboxTermination }
        guard let message = pendingEnd ?? receive(until: deadline) else {
            if isGone { return sandboxTermination }
            return nil
        }
        guard message.bytes.first == LaunchServer.Message.ended.rawValue, message.bytes.count == 5 else {
            // Nothing else is expected here: a server that says something else is not trusted on.
            serverEnded()
            return sandboxTermination
        }
        isLaunching = false
        pendingEnd = nil
        let status = LaunchServer.number(message.bytes[1...4])
        return ChildProcess.decode(Int32(bitPattern: status))
    }

    /// Ends the server and its sandbox, and removes its cgroup (not its container, which
    /// ``AppServerPool`` removes, or gives to the server that replaces it within a case run).
    func end() {
        if control >= 0 {
            close(control)
            control = -1
        }
        isGone = true
        sandboxProcess.kill()
        group?.remove()
    }

    /// How the sandbox ended, once it has; killed when it has not within a second.
    private var sandboxTermination: Termination {
        sandboxProcess.waitForExit(deadline: Date().addingTimeInterval(1)) ?? {
            sandboxProcess.kill()
            return sandboxProcess.termination ?? .signaled(SIGKILL)
        }()
    }

    private func serverEnded() {
        isGone = true
        if sandboxProcess.waitForExit(deadline: Date().addingTimeInterval(1)) == nil { sandboxProcess.kill() }
    }

    private func serverOutput() -> String {
        let output = sandboxProcess.takeOutput()
        return String(decoding: output.stderr + output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server's next message by `deadline` (at once when nil); nil when none came, and
    /// ``isGone`` set when the server has ended.
    private func receive(until deadline: Date?) -> DescriptorPassing.Received? {
        guard control >= 0 else { return nil }
        while true {
            var fds = [pollfd(fd: control, events: Int16(POLLIN), revents: 0)]
            let remaining = deadline.map { max(0, $0.timeIntervalSinceNow) } ?? 0
            let ready = poll(&fds, 1, Int32(min(remaining, 3600) * 1000) + (deadline == nil ? 0 : 1))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 {
                if deadline.map({ Date() < $0 }) ?? false { continue }
                return nil
            }
            guard let message = DescriptorPassing.receive(control) else {
                serverEnded()
                return nil
            }
            for fd in message.descriptors { close(fd) }
            return message
        }
    }
}

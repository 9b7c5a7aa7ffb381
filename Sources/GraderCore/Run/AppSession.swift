import ExerciseKit
import Foundation

/// One launch of an exercise binary on a container: send calls, read replies, end it.
final class AppSession {
    private let process: ChildProcess
    private let deadline: Date
    private let limits: Limits

    private let launcher: AppLauncher

    init(launcher: AppLauncher, bundle: AppBundle, container: AppContainer, limits: Limits, defaultsSuites: [String]) throws {
        process = try launcher.launch(bundle, on: container, limits: limits, defaultsSuites: defaultsSuites, protocolPipes: true)
        deadline = Date().addingTimeInterval(limits.timeLimit)
        self.limits = limits
        self.launcher = launcher
    }

    /// Writes one request; false when the app no longer reads.
    private func send(_ request: WireRequest) -> Bool {
        guard let line = try? WireProtocol.line(request) else { return false }
        return process.send(line)
    }

    /// Runs one call. When the result is not a reply, the process is gone (killed or dead).
    /// - Parameter limit: for a performance case, the call's own limit and how it was set.
    func call(_ operation: String, arguments: JSONValue?, limit: CallLimit? = nil) -> StepRun {
        let started = Date()
        guard send(.call(operation: operation, arguments: arguments)) else {
            return finish(event: ended(), started: started)
        }
        let callDeadline = limit.map { started.addingTimeInterval($0.seconds) } ?? deadline
        let waited = process.nextReply(deadline: min(deadline, callDeadline), outputLimit: limits.outputBytes)
        let event: StepEvent
        if case .reply(let line) = waited {
            event = Self.decodeReply(line)
        } else if waited == .timedOut, let limit, callDeadline <= deadline {
            // The call's own limit, not the launch's, ran out.
            process.kill()
            event = .tooSlow(limit: limit.seconds, factor: limit.factor, referenceSeconds: limit.referenceSeconds)
        } else {
            event = launcher.limitBreach(waited, of: process, limits: limits) ?? ended()
        }
        return finish(event: event, started: started)
    }

    /// Waits until the app has started and answers requests (it replies to the `operations`
    /// control). A kill during start-up could reach bubblewrap before its inner process has
    /// arranged to die with it, leaving the app running on the container; and a call's time
    /// should not include the start-up. Returns false when the app is gone.
    func waitUntilReady() -> Bool {
        guard send(.control(.operations)) else { return false }
        if case .reply = process.nextReply(deadline: deadline, outputLimit: limits.outputBytes) { return true }
        return false
    }

    /// Runs one call and kills the process `delay` seconds after sending it, or as soon as it
    /// answers if that comes first: a crash part-way through whatever the call does.
    /// - Returns: the step's run and, when the call answered before the kill, after how many seconds.
    func callAndKill(_ operation: String, arguments: JSONValue?, after delay: Double) -> (StepRun, answeredAfter: Double?) {
        let started = Date()
        var answeredAfter: Double?
        if send(.call(operation: operation, arguments: arguments)),
           case .reply = process.nextReply(deadline: min(deadline, started.addingTimeInterval(delay)), outputLimit: limits.outputBytes) {
            answeredAfter = Date().timeIntervalSince(started)
        }
        process.kill()
        return (finish(event: .killed, started: started), answeredAfter)
    }

    /// Ends the process as iOS ends a suspended app: the runtime saves defaults and exits.
    func terminate() -> StepRun {
        let started = Date()
        _ = send(.control(.terminate))
        process.closeRequests()
        let grace = min(deadline, Date().addingTimeInterval(max(2, limits.timeLimit / 2)))
        let waited = process.nextReply(deadline: grace, outputLimit: limits.outputBytes)
        let event: StepEvent
        if let breach = launcher.limitBreach(waited, of: process, limits: limits) {
            event = breach
        } else if let termination = process.waitForExit(deadline: grace) {
            event = termination == .exited(0) ? .relaunched : AppLauncher.event(for: termination)
        } else {
            process.kill()
            event = .timedOut(seconds: limits.timeLimit)
        }
        return finish(event: event, started: started)
    }

    /// Ends the process with SIGKILL.
    func kill() -> StepRun {
        let started = Date()
        process.kill()
        return finish(event: .killed, started: started)
    }

    /// Whether the process has ended.
    var isGone: Bool { process.termination != nil }

    private func ended() -> StepEvent {
        AppLauncher.event(for: launcher.exit(of: process, within: 2))
    }

    private func finish(event: StepEvent, started: Date) -> StepRun {
        let output = process.takeOutput()
        return StepRun(event: event, stdout: String(decoding: output.stdout, as: UTF8.self),
                       stderr: String(decoding: output.stderr, as: UTF8.self),
                       duration: Date().timeIntervalSince(started))
    }

    static func decodeReply(_ line: Data) -> StepEvent {
        guard let reply = try? JSONDecoder().decode(WireReply.self, from: line) else {
            return .malformedReply(String(decoding: line.prefix(200), as: UTF8.self))
        }
        return .replied(reply)
    }
}

import ExerciseKit
import Foundation

/// A performance case's limit for one call: `factor` times the reference's time, or the floor.
struct CallLimit {
    var seconds: Double
    var factor: Double
    var referenceSeconds: Double
}

/// One launch of an exercise binary on a container: send calls, read replies, end it.
final class AppSession {
    private let process: ChildProcess
    private let deadline: Date
    private let limits: Limits

    init(sandbox: Sandbox, bundle: AppBundle, container: AppContainer, limits: Limits, defaultsSuites: [String]) throws {
        let command = sandbox.command(bundle: bundle.directory, container: container, limits: limits,
                                      defaultsSuites: defaultsSuites)
        process = try ChildProcess(executable: command.executable, arguments: command.arguments,
                                   environment: command.environment, protocolPipes: true, ownProcessGroup: true)
        deadline = Date().addingTimeInterval(limits.timeLimit)
        self.limits = limits
    }

    /// Runs one call. When the result is not a reply, the process is gone (killed or dead).
    /// - Parameter limit: for a performance case, the call's own limit and how it was set.
    func call(_ operation: String, arguments: JSONValue?, limit: CallLimit? = nil) -> StepRun {
        let started = Date()
        var request: [String: JSONValue] = ["op": .string(operation)]
        if let arguments { request["args"] = arguments }
        guard process.send(JSONValue.object(request).jsonText) else {
            return finish(event: ended(), started: started)
        }
        let callDeadline = limit.map { started.addingTimeInterval($0.seconds) } ?? deadline
        let event: StepEvent
        switch process.nextReply(deadline: min(deadline, callDeadline), outputLimit: limits.outputBytes) {
        case .reply(let line):
            event = Self.decodeReply(line)
        case .ended:
            event = ended()
        case .timedOut:
            process.kill()
            if let limit, callDeadline <= deadline {
                event = .tooSlow(limit: limit.seconds, factor: limit.factor, referenceSeconds: limit.referenceSeconds)
            } else {
                event = .timedOut(seconds: limits.timeLimit)
            }
        case .outputLimit:
            process.kill()
            event = .outputLimit(bytes: limits.outputBytes)
        }
        return finish(event: event, started: started)
    }

    /// Waits until the app has started and answers requests (it replies to the `operations`
    /// control). A kill during start-up could reach bubblewrap before its inner process has
    /// arranged to die with it, leaving the app running on the container; and a call's time
    /// should not include the start-up. Returns false when the app is gone.
    func waitUntilReady() -> Bool {
        guard process.send(#"{"control":"operations"}"#) else { return false }
        if case .reply = process.nextReply(deadline: deadline, outputLimit: limits.outputBytes) { return true }
        return false
    }

    /// Runs one call and kills the process `delay` seconds after sending it, or as soon as it
    /// answers if that comes first: a crash part-way through whatever the call does.
    /// - Returns: the step's run and, when the call answered before the kill, after how many seconds.
    func callAndKill(_ operation: String, arguments: JSONValue?, after delay: Double) -> (StepRun, answeredAfter: Double?) {
        let started = Date()
        var request: [String: JSONValue] = ["op": .string(operation)]
        if let arguments { request["args"] = arguments }
        var answeredAfter: Double?
        if process.send(JSONValue.object(request).jsonText),
           case .reply = process.nextReply(deadline: min(deadline, started.addingTimeInterval(delay)), outputLimit: limits.outputBytes) {
            answeredAfter = Date().timeIntervalSince(started)
        }
        process.kill()
        return (finish(event: .killed, started: started), answeredAfter)
    }

    /// Ends the process as iOS ends a suspended app: the runtime saves defaults and exits.
    func terminate() -> StepRun {
        let started = Date()
        _ = process.send(#"{"control":"terminate"}"#)
        process.closeRequests()
        let grace = min(deadline, Date().addingTimeInterval(max(2, limits.timeLimit / 2)))
        let event: StepEvent
        switch process.nextReply(deadline: grace, outputLimit: limits.outputBytes) {
        case .outputLimit:
            process.kill()
            event = .outputLimit(bytes: limits.outputBytes)
        case .timedOut:
            process.kill()
            event = .timedOut(seconds: limits.timeLimit)
        case .reply, .ended:
            if let termination = process.waitForExit(deadline: grace) {
                event = termination == .exited(0) ? .relaunched : Self.event(for: termination)
            } else {
                process.kill()
                event = .timedOut(seconds: limits.timeLimit)
            }
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
        let termination = process.waitForExit(deadline: Date().addingTimeInterval(2)) ?? {
            process.kill()
            return process.termination ?? .signaled(9)
        }()
        return Self.event(for: termination)
    }

    static func event(for termination: Termination) -> StepEvent {
        switch termination {
        // bubblewrap reports a child killed by signal N as exit status 128 + N.
        case .exited(let code) where code > 128 && code < 160: return .crashed(signal: code - 128)
        case .exited(let code): return .exited(code: code)
        case .signaled(let signal): return .crashed(signal: signal)
        }
    }

    private func finish(event: StepEvent, started: Date) -> StepRun {
        let output = process.takeOutput()
        return StepRun(event: event, stdout: String(decoding: output.stdout, as: UTF8.self),
                       stderr: String(decoding: output.stderr, as: UTF8.self),
                       duration: Date().timeIntervalSince(started))
    }

    static func decodeReply(_ line: Data) -> StepEvent {
        guard let message = try? JSONValue(parsing: line), case .object(let members) = message else {
            return .malformedReply(String(decoding: line.prefix(200), as: UTF8.self))
        }
        if let value = members["value"] { return .replied(.value(value)) }
        if let fault = members["fault"]?.stringValue { return .replied(.fault(fault)) }
        if case .object(let error)? = members["error"],
           let type = error["type"]?.stringValue, let name = error["case"]?.stringValue {
            return .replied(.error(ThrownError(type: type, case: name, description: error["description"]?.stringValue ?? "",
                                               codingPath: error["codingPath"]?.stringValue)))
        }
        return .malformedReply(String(decoding: line.prefix(200), as: UTF8.self))
    }
}

import ExerciseKit
import Foundation

/// One launch of an exercise binary on a container: send calls, read replies, end it.
///
/// While it waits for a reply it also keeps the launch within its resource limits that no
/// kernel mechanism ends by itself: the container's size (measured every 25 ms, so that a
/// launch writing at 2 GB/s overshoots by some 50 MB at most) and the case's total time over
/// all its launches.
final class AppSession {
    private let launch: AppLauncher.Launch
    private var process: ChildProcess { launch.process }
    /// When the launch's own time is up, or the case's if that comes first, before
    /// ``processorWait`` pushes it back: see ``launchDeadline``.
    private let deadline: Date
    /// The seconds the launch waited for a processor that its limits do not count, so far
    /// (``ProcessorWait``); at most ``maximumProcessorWait``.
    private(set) var processorWait: TimeInterval = 0
    /// The case's limit when ``deadline`` is the case's (or its budget's), nil when it is the launch's.
    private let caseBreach: LimitBreach?
    private let limits: Limits
    private let container: AppContainer
    /// The case's deadline over all its launches, which this launch's processor wait pushes
    /// back for the launches after it (``endsLaunch()``).
    private let caseDeadline: CaseDeadline
    private let launched = Date()

    private let launcher: AppLauncher
    /// This launch's secret: a reply that does not carry it was not written by the driver.
    private let secret = WireGreeting.freshSecret()
    /// The number of the last request sent; its reply must repeat it.
    private var sequence = 0

    /// - Parameter caseDeadline: when the case's total time runs out (``Limits/caseTimeLimit``,
    ///   or a batch's budget for the student).
    convenience init(launcher: AppLauncher, bundle: AppBundle, container: AppContainer, limits: Limits, defaultsSuites: [String],
                     environment: PhoneEnvironment, hashingSeed: [UInt8]? = nil,
                     caseDeadline: CaseDeadline = .none) throws {
        let launch = try launcher.launch(bundle, on: container, limits: limits, defaultsSuites: defaultsSuites,
                                         environment: environment, hashingSeed: hashingSeed, protocolPipes: true)
        self.init(launch: launch, launcher: launcher, container: container, limits: limits, caseDeadline: caseDeadline)
    }

    /// A session on a launch already started (exec'd, or forked by a case's ``AppServer``).
    init(launch: AppLauncher.Launch, launcher: AppLauncher, container: AppContainer, limits: Limits,
         caseDeadline: CaseDeadline = .none) {
        self.launch = launch
        self.caseDeadline = caseDeadline
        let own = Date().addingTimeInterval(limits.timeLimit)
        deadline = min(own, caseDeadline.date)
        caseBreach = caseDeadline.date < own ? caseDeadline.breach : nil
        self.limits = limits
        self.launcher = launcher
        self.container = container
        // The runtime reads this before the driver registers anything, so before learner code runs.
        if let greeting = try? WireProtocol.line(WireGreeting(secret: secret)) { _ = launch.process.send(greeting, deadline: deadline) }
    }

    static let containerCheckInterval = 0.025

    /// The launch's deadline with the time it waited for a processor added.
    private var launchDeadline: Date { deadline.addingTimeInterval(processorWait) }

    /// The most processor wait a launch is excused (``ProcessorWait/maximumExcuse`` times its
    /// limit), so that a launch on a machine busy beyond that still ends.
    private var maximumProcessorWait: TimeInterval { ProcessorWait.maximumExcuse * limits.timeLimit }


    /// The next reply within `until`, checking the container's size every 25 ms;
    /// the launch is killed when it fills its container past the limit.
    /// - Parameter excusesWaits: when `until` comes, it is pushed back by the time the launch
    ///   waited for a processor since it was last pushed back (a deadline that judges the
    ///   learner), not when it is a moment chosen to kill the app.
    private func nextReply(until deadline: Date, excusesWaits: Bool = true) -> ChildProcess.Event {
        var until = deadline
        while true {
            let slice = min(until, Date().addingTimeInterval(Self.containerCheckInterval))
            let waited = process.nextReply(deadline: slice, outputLimit: limits.outputBytes)
            if waited != .timedOut { return waited }
            if slice >= until {
                guard excusesWaits, let more = newProcessorWait() else { return waited }
                until = until.addingTimeInterval(more)
                continue
            }
            if containerOverflows { return .timedOut }
        }
    }

    /// The processor wait the launch has had since it was last counted, when it is worth
    /// waiting for (a tenth of the limit or more, so that an endless loop on a busy machine is
    /// not given many small extensions); it is added to ``processorWait``. Threads or processes
    /// of the app's own that keep each other waiting are not excused (``ProcessorWait/Measure``).
    private func newProcessorWait() -> TimeInterval? {
        guard let measured = ProcessorWait.measure(below: process.pid, depth: process.launchDepth) else { return nil }
        let excusable = measured.excusable(after: Date().timeIntervalSince(launched))
        let more = min(excusable, maximumProcessorWait) - processorWait
        guard more >= limits.timeLimit / 10 else { return nil }
        processorWait += more
        return more
    }

    /// Before the launch is ended on purpose (killed, or asked to terminate): a launch that ran a
    /// second or more has the time it waited for a processor counted for the case's later
    /// launches (``CaseDeadline``). Shorter launches are not measured: reading `/proc` for the
    /// launch's processes costs milliseconds, and their waits are a fraction of the case's limit.
    private func endsLaunch() {
        guard !isGone, Date().timeIntervalSince(launched) >= 1,
              let measured = ProcessorWait.measure(below: process.pid, depth: process.launchDepth) else { return }
        caseDeadline.excuse(min(measured.excusable(after: Date().timeIntervalSince(launched)), maximumProcessorWait))
    }

    /// Whether the container holds more than its limit.
    private var containerOverflows: Bool {
        ContainerMeter.bytes(in: container.directory, upTo: limits.containerBytes) > limits.containerBytes
    }

    /// The limit broken when a wait did not end with a reply: the container's size, the case's
    /// time, the launch's own time or output (the process is then killed), or nil.
    private func breach(_ waited: ChildProcess.Event) -> StepEvent? {
        if waited == .timedOut || waited == .ended, containerOverflows {
            process.kill()
            return .limitExceeded(.container(bytes: limits.containerBytes))
        }
        if waited == .timedOut, let caseBreach, Date() >= launchDeadline {
            process.kill()
            return .limitExceeded(caseBreach)
        }
        return launcher.limitBreach(waited, of: process, limits: limits)
    }

    /// Writes one request with the next sequence number, by `deadline` (the launch's when nil).
    private func send(_ request: WireRequest, deadline: Date? = nil) -> ChildProcess.Sent {
        sequence += 1
        guard let line = try? WireProtocol.line(WireEnvelope(request, sequence: sequence)) else {
            return .closed
        }
        return process.send(line, deadline: deadline ?? launchDeadline)
    }

    /// Runs one call. When the result is not a reply, the process is gone (killed or dead).
    /// - Parameter limit: for a performance case, the call's own limit and how it was set.
    /// - Parameter killAtChange: the launch server kills the app just before the call's nth
    ///   change of a file (the launch must be forked by a server that watches changes); the
    ///   step is then `killed`.
    /// When the launch's server watches its changes, the run says how many the call made.
    func call(_ operation: String, arguments: JSONValue?, limit: CallLimit? = nil, killAtChange: Int? = nil) -> StepRun {
        let started = Date()
        if let watch = launch.changeWatch, !watch.arm(killingAtChange: killAtChange ?? 0) {
            // The server is gone: so is the launch.
            return finish(event: ended(), started: started)
        }
        let callDeadline = limit.map { started.addingTimeInterval($0.seconds) } ?? launchDeadline
        let waitBefore = processorWait
        // A request the app does not read in time (a long argument, an app busy elsewhere) runs
        // out the same time as a reply that does not come.
        let waited: ChildProcess.Event
        switch send(.call(operation: operation, arguments: arguments), deadline: min(launchDeadline, callDeadline)) {
        case .closed: return finish(event: ended(), started: started)
        case .timedOut: waited = .timedOut
        case .sent: waited = nextReply(until: min(launchDeadline, callDeadline))
        }
        let event: StepEvent
        var changes: Int?
        var numberTypes = false
        if case .reply(let line) = waited {
            (event, numberTypes) = Self.decodeReply(line, sequence: sequence, secret: secret)
            changes = launch.changeWatch?.changesSinceArmed()
        } else if killAtChange != nil, waited == .ended,
                  AppLauncher.event(for: launcher.exit(of: process, within: 2)) == .crashed(signal: 9) {
            event = .killed
        } else if waited == .timedOut, let limit, callDeadline.addingTimeInterval(processorWait - waitBefore) <= launchDeadline,
                  !containerOverflows {
            // The call's own limit, not the launch's, ran out.
            process.kill()
            event = .tooSlow(limit: limit.seconds, factor: limit.factor, referenceSeconds: limit.referenceSeconds)
        } else {
            event = breach(waited) ?? ended()
        }
        var run = finish(event: event, started: started)
        if processorWait > waitBefore { run.processorWait = processorWait - waitBefore }
        run.fileChanges = changes
        if numberTypes { run.numberTypes = true }
        return run
    }

    /// Waits until the app has started and answers requests (it replies to the `operations`
    /// control). A kill during start-up could reach bubblewrap before its inner process has
    /// arranged to die with it, leaving the app running on the container; and a call's time
    /// should not include the start-up. Returns false when the app is gone.
    func waitUntilReady() -> Bool {
        guard send(.control(.operations)) == .sent else { return false }
        if case .reply = nextReply(until: launchDeadline) { return true }
        return false
    }

    /// Runs one call and kills the process `delay` seconds after sending it, or as soon as it
    /// answers if that comes first: a crash part-way through whatever the call does.
    /// - Returns: the step's run and, when the call answered before the kill, after how many seconds.
    func callAndKill(_ operation: String, arguments: JSONValue?, after delay: Double) -> (StepRun, answeredAfter: Double?) {
        let started = Date()
        var answeredAfter: Double?
        let killAt = started.addingTimeInterval(delay)
        if send(.call(operation: operation, arguments: arguments), deadline: min(launchDeadline, killAt)) == .sent,
           case .reply = nextReply(until: min(launchDeadline, killAt), excusesWaits: false) {
            answeredAfter = Date().timeIntervalSince(started)
        }
        endsLaunch()
        process.kill()
        return (finish(event: .killed, started: started), answeredAfter)
    }

    /// Ends the process as iOS ends a suspended app: the runtime saves defaults and exits.
    func terminate() -> StepRun {
        let started = Date()
        endsLaunch()
        let grace = min(launchDeadline, Date().addingTimeInterval(max(2, limits.timeLimit / 2)))
        _ = send(.control(.terminate), deadline: grace)
        process.closeRequests()
        let waited = nextReply(until: grace)
        let event: StepEvent
        if let breach = breach(waited) {
            event = breach
        } else if let termination = process.waitForExit(deadline: grace) {
            event = termination == .exited(0) ? .relaunched : AppLauncher.event(for: termination, limits: limits)
        } else {
            process.kill()
            event = .timedOut(seconds: limits.timeLimit)
        }
        return finish(event: event, started: started)
    }

    /// Ends the process with SIGKILL.
    func kill() -> StepRun {
        let started = Date()
        endsLaunch()
        process.kill()
        return finish(event: .killed, started: started)
    }

    /// Whether the process has ended.
    var isGone: Bool { process.termination != nil }

    private func ended() -> StepEvent {
        AppLauncher.event(for: launcher.exit(of: process, within: 2), limits: limits)
    }

    /// The step's run, with the limit the launch had reached by then (read before the launch
    /// is ended: its `/tmp` goes with it).
    private func finish(event: StepEvent, started: Date) -> StepRun {
        let output = process.takeOutput()
        var run = StepRun(event: event, stdout: String(decoding: output.stdout, as: UTF8.self),
                          stderr: String(decoding: output.stderr, as: UTF8.self),
                          duration: Date().timeIntervalSince(started))
        if case .limitExceeded = event {} else {
            run.breach = launch.breach(limits: limits)
                ?? (containerOverflows ? .container(bytes: limits.containerBytes) : nil)
        }
        if process.termination != nil { launch.end() }
        return run
    }

    /// The driver's reply to request `sequence`, or `malformedReply` for anything else: a line
    /// that is not a reply, or one without this launch's secret or for another request (written
    /// to the reply descriptor by the learner's code).
    static func decodeReply(_ line: Data, sequence: Int, secret: String) -> (StepEvent, numberTypes: Bool) {
        let text = String(decoding: line.prefix(200), as: UTF8.self)
        guard let envelope = try? JSONDecoder().decode(WireEnvelope<WireReply>.self, from: line) else {
            return (.malformedReply(text), false)
        }
        guard envelope.secret == secret, envelope.sequence == sequence else {
            return (.forgedReply(text), false)
        }
        return (.replied(envelope.message), envelope.numberTypes)
    }
}

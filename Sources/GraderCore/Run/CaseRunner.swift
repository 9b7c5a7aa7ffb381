import Foundation

/// Runs a case's steps in one fresh app container, launching the binary on demand: the first
/// call starts it, `relaunch` ends it gracefully, `kill` ends it abruptly, and the next call
/// after either starts a new process on the same container.
struct CaseRunner {
    let sandbox: Sandbox
    let workDirectory: URL

    /// Runs `testCase` against `bundle`, then observes its container.
    ///
    /// - Parameters:
    ///   - killAfter: for a `kill_during` step, the seconds after which the call is killed; nil
    ///     runs it as a plain call (a calibration run, and the reference's run).
    ///   - shouldStop: called after each step with its index and run; returning true ends the
    ///     case there (the learner's run stops at its first failing step).
    /// - Returns: one run per step executed, and the container observations when every step ran.
    ///   - callLimits: for a performance case, each call's limit by step index.
    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, killAfter: Double? = nil,
             callLimits: [Int: CallLimit] = [:],
             shouldStop: (Int, StepRun) -> Bool = { _, _ in false }) throws -> CaseRun
    {
        var answeredBeforeKill: Double?
        let container = try AppContainer.create(in: workDirectory)
        defer { container.remove() }
        var session: AppSession?
        defer { if let session, !session.isGone { _ = session.kill() } }
        /// The running app, or a new launch. A timed call (a `kill_during` call, or any call of
        /// a performance case) is timed from a running app: a new launch first answers a ping,
        /// so that start-up is not counted and a kill never lands during bubblewrap's start-up.
        func launched(timed: Bool) throws -> AppSession {
            if let current = session, !current.isGone { return current }
            let fresh = try AppSession(sandbox: sandbox, bundle: bundle, container: container,
                                       limits: exercise.limits, defaultsSuites: exercise.defaultsSuites)
            session = fresh
            if timed { _ = fresh.waitUntilReady() }
            return fresh
        }
        var runs: [StepRun] = []
        for (index, step) in testCase.steps.enumerated() {
            let run: StepRun
            switch step {
            case .killDuring(let call):
                let app = try launched(timed: true)
                if let killAfter {
                    let (killed, answeredAfter) = app.callAndKill(call.operation, arguments: call.arguments, after: killAfter)
                    run = killed
                    if let answeredAfter { answeredBeforeKill = answeredAfter }
                    session = nil
                } else {
                    run = app.call(call.operation, arguments: call.arguments)
                }
            case .call(let call):
                let app = try launched(timed: testCase.timeLimit != nil)
                run = app.call(call.operation, arguments: call.arguments, limit: callLimits[index])
            case .relaunch:
                if let current = session, !current.isGone {
                    run = current.terminate()
                } else {
                    run = StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0)
                }
                session = nil
            case .kill:
                if let current = session, !current.isGone {
                    run = current.kill()
                } else {
                    run = StepRun(event: .killed, stdout: "", stderr: "", duration: 0)
                }
                session = nil
            }
            runs.append(run)
            if shouldStop(index, run) { return CaseRun(steps: runs, container: [], answeredBeforeKill: answeredBeforeKill) }
        }
        guard !testCase.container.isEmpty else { return CaseRun(steps: runs, container: [], answeredBeforeKill: answeredBeforeKill) }
        // The container is read with the app gone, as it was when the last step returned
        // (killed, so nothing more is saved on the way out).
        if let current = session, !current.isGone { _ = current.kill() }
        let inspector = ContainerInspector(root: container.directory)
        return CaseRun(steps: runs, container: testCase.container.map(inspector.observe), answeredBeforeKill: answeredBeforeKill)
    }
}

/// What one run of a case observed: each step's run, then the container.
public struct CaseRun: Hashable, Sendable, Codable {
    public var steps: [StepRun]
    /// One observation per container assertion; empty when the steps stopped early.
    public var container: [ContainerObservation]
    /// When a `kill_during` call answered before its kill came: after how many seconds.
    public var answeredBeforeKill: Double?
}

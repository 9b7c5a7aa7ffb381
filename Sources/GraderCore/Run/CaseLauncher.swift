import Foundation

/// How a concrete case is run: where a `kill_during` call is killed and how long each call of a
/// performance case may take.
struct LaunchPlan: Sendable {
    /// For a `kill_during` step, the seconds after which the call is killed; nil runs it as a
    /// plain call (a calibration run, and the reference's run).
    var killAfter: Double?
    /// For a performance case, each call's limit by step index.
    var callLimits: [Int: CallLimit] = [:]
    /// A container saved by an earlier run to start from, instead of an empty one.
    var startingContainer: URL?
    /// Save the container into `folder` once the step at `afterStep` has run (a `relaunch` or
    /// `kill`, so that no process is left that could still change it).
    var snapshot: (afterStep: Int, folder: URL)?
    /// Watch every launch's changes to its container from its launch server, and count each call's.
    var countsFileChanges = false
    /// For a `kill_during` step: kill the app just before the call's nth change of a file (or
    /// right after the call, when it makes fewer), instead of after `killAfter` seconds.
    var killAtChange: Int?
    /// A budget over many cases that stops this one too when it runs out (``BudgetedLauncher``).
    var budget: TimeBudget?

    static let plain = LaunchPlan()
}

/// Runs a concrete case's steps in a fresh app container and observes the container: the only
/// way the runners reach processes, so that their logic can be tested with a scripted stand-in.
protocol CaseLaunching: Sendable {
    /// Runs `testCase` against `bundle`, then observes its container.
    /// - Parameter shouldStop: called after each step with its index and run; returning true
    ///   ends the case there (the learner's run stops at its first failing step).
    /// - Returns: one run per step executed, and the container observations when every step ran.
    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, plan: LaunchPlan,
             shouldStop: (Int, StepRun) -> Bool) throws -> CaseRun
}

extension CaseLaunching {
    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, plan: LaunchPlan = .plain) throws -> CaseRun {
        try run(testCase, bundle: bundle, exercise: exercise, plan: plan) { _, _ in false }
    }
}

/// Runs a case's steps in one fresh app container in the sandbox, launching the binary on
/// demand: the first call starts it, `relaunch` ends it gracefully, `kill` ends it abruptly, and
/// the next call after either starts a new process on the same container.
struct CaseLauncher: CaseLaunching {
    let launcher: AppLauncher
    /// Where exec'd launches' containers are made (each case's own, removed after it): on disk
    /// for a case that depends on the disk's speed, else in `memoryDirectory` (``SandboxFolder``).
    let workDirectory: URL
    var memoryDirectory: URL?
    /// The waiting binaries forked launches come from, kept between case runs.
    let servers: AppServerPool

    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, plan: LaunchPlan,
             shouldStop: (Int, StepRun) -> Bool) throws -> CaseRun
    {
        // A case that removes or rewrites a resource runs on a bundle of its own (the build's
        // executable, hard-linked), and so from waiting apps of its own; an `update` step moves
        // the rest of the case to another.
        let build = bundle
        var edits = testCase.bundle
        var bundle = try edits.map { try build.edited($0) } ?? build
        var answeredBeforeKill: Double?
        // The case's total time, over all its launches, on top of each launch's own; a budget
        // over many cases may end it sooner.
        var caseDeadline = CaseDeadline(date: Date().addingTimeInterval(exercise.limits.caseTimeLimit),
                                        breach: .caseTime(seconds: exercise.limits.caseTimeLimit))
        if let budget = plan.budget, budget.deadline < caseDeadline.date {
            caseDeadline = CaseDeadline(date: budget.deadline, breach: .timeBudget(seconds: budget.seconds), excusesWaits: false)
        }
        let countsFileChanges = plan.countsFileChanges || plan.killAtChange != nil
        func serverKey(for bundle: AppBundle) -> AppServerPool.Key {
            AppServerPool.Key(bundle: bundle, limits: exercise.limits, defaultsSuites: exercise.defaultsSuites,
                              timeZone: testCase.environment.timeZone, countsFileChanges: countsFileChanges,
                              onDisk: testCase.dependsOnDiskSpeed)
        }
        var key = serverKey(for: bundle)
        // Forked launches come from a waiting binary of the pool, on its container filled for
        // this case; exec'd ones each get a sandbox of their own on a container of the case's.
        var server: AppServer?
        let container: AppContainer
        // After an `update`, the waiting app is of a bundle no other case uses: not kept.
        var updated = false
        switch launcher.mode {
        case .fork:
            let taken = try servers.take(for: key, startingFrom: plan.startingContainer)
            server = taken
            container = taken.container
        case .exec:
            let folder = testCase.dependsOnDiskSpeed ? workDirectory : memoryDirectory ?? workDirectory
            container = try plan.startingContainer.map { try AppContainer.copy(of: $0, in: folder) }
                ?? AppContainer.create(in: folder)
        }
        var session: AppSession?
        var seeds = LaunchSeeds(exercise: exercise, testCase: testCase, plan: plan)
        defer {
            if let session, !session.isGone { _ = session.kill() }
            session = nil
            if let server {
                if updated { servers.retire(server) } else { servers.giveBack(server, for: key) }
            } else {
                container.remove()
            }
        }
        /// A launch forked by the server the case run took; by a new server on the same container when
        /// the server has ended (which a launch cannot make it do, but a machine can).
        func forked(hashingSeed: [UInt8]) throws -> AppLauncher.Launch {
            if let current = server, !current.isGone {
                do {
                    return try AppLauncher.Launch(forkedBy: current, hashingSeed: hashingSeed, language: testCase.environment.locale)
                } catch where current.isGone {}
            }
            let fresh = try servers.replace(server!, for: key)
            server = fresh
            return try AppLauncher.Launch(forkedBy: fresh, hashingSeed: hashingSeed, language: testCase.environment.locale)
        }
        /// The running app, or a new launch. A timed call (a `kill_during` call, or any call of
        /// a performance case) is timed from a running app: a new launch first answers a ping,
        /// so that start-up is not counted and a kill never lands during bubblewrap's start-up.
        func launched(timed: Bool) throws -> AppSession {
            if let current = session, !current.isGone { return current }
            let fresh: AppSession
            let hashingSeed = seeds.next()
            switch launcher.mode {
            case .exec where countsFileChanges:
                // Changes are watched by a launch server: one started for this launch alone, so
                // that it is still a new process in a new sandbox.
                let own = try launcher.server(bundle, on: container, limits: exercise.limits,
                                              defaultsSuites: exercise.defaultsSuites,
                                              environment: testCase.environment, countsFileChanges: true)
                fresh = AppSession(launch: try AppLauncher.Launch(forkedBy: own, hashingSeed: hashingSeed, owned: true),
                                   launcher: launcher, container: container, limits: exercise.limits,
                                   caseDeadline: caseDeadline)
            case .exec:
                fresh = try AppSession(launcher: launcher, bundle: bundle, container: container,
                                       limits: exercise.limits, defaultsSuites: exercise.defaultsSuites,
                                       environment: testCase.environment, hashingSeed: hashingSeed,
                                       caseDeadline: caseDeadline)
            case .fork:
                fresh = AppSession(launch: try forked(hashingSeed: hashingSeed), launcher: launcher, container: container, limits: exercise.limits,
                                   caseDeadline: caseDeadline)
            }
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
                if let killAt = plan.killAtChange {
                    var called = app.call(call.operation, arguments: call.arguments, killAtChange: killAt)
                    // Fewer changes than that: the kill comes right after the call.
                    if case .replied = called.event {
                        let killed = app.kill()
                        called.event = killed.event
                        answeredBeforeKill = called.duration
                    }
                    run = called
                    session = nil
                } else if let killAfter = plan.killAfter {
                    let (killed, answeredAfter) = app.callAndKill(call.operation, arguments: call.arguments, after: killAfter)
                    run = killed
                    if let answeredAfter { answeredBeforeKill = answeredAfter }
                    session = nil
                } else {
                    run = app.call(call.operation, arguments: call.arguments)
                }
            case .call(let call):
                let app = try launched(timed: testCase.timeLimit != nil)
                run = app.call(call.operation, arguments: call.arguments, limit: plan.callLimits[index])
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
            case .update(let more):
                // A relaunch into a new version of the app: the same container, another bundle.
                if let current = session, !current.isGone {
                    run = current.terminate()
                } else {
                    run = StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0)
                }
                session = nil
                // An app that did not end well fails the step: nothing is installed after it.
                guard case .relaunched = run.event else { break }
                edits = (edits ?? BundleEdits()).applying(more)
                bundle = try build.edited(edits!)
                updated = true
                if let current = server {
                    // Forked launches come from a waiting app of the new bundle, started on this
                    // very container (nothing is copied), as an exec'd launch would run on it.
                    key = serverKey(for: bundle)
                    server = try servers.replace(current, for: key)
                }
            }
            runs.append(run)
            if let snapshot = plan.snapshot, snapshot.afterStep == index { try container.save(to: snapshot.folder) }
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

/// When a case must end over all its launches, and the limit that names it then.
///
/// A launch excuses the time it waited for a processor from its own deadline (``AppSession``);
/// the case's deadline is pushed back by what its earlier launches waited too, so that a case of
/// several launches on an overloaded machine is not out of time for what no launch is. Shared by
/// the launches of one case run, one after another.
final class CaseDeadline: @unchecked Sendable {
    private let start: Date
    let breach: LimitBreach
    /// The most processor wait the case is excused (``ProcessorWait/maximumExcuse`` times its limit).
    private let maximumExcuse: TimeInterval
    private let lock = NSLock()
    private var excused: TimeInterval = 0

    /// - Parameter excusesWaits: false for a batch's budget over many cases, which is the
    ///   instructor's time, not the case's.
    init(date: Date, breach: LimitBreach, excusesWaits: Bool = true) {
        start = date
        self.breach = breach
        maximumExcuse = excusesWaits && date != .distantFuture ? ProcessorWait.maximumExcuse * max(0, date.timeIntervalSinceNow) : 0
    }

    /// When the case ends, with its launches' excused waits added.
    var date: Date {
        lock.withLock { start.addingTimeInterval(excused) }
    }

    /// Adds the processor wait of a launch that has ended.
    func excuse(_ seconds: TimeInterval) {
        guard seconds > 0 else { return }
        lock.withLock { excused = min(maximumExcuse, excused + seconds) }
    }

    /// No deadline for the case (each launch has its own).
    static var none: CaseDeadline { CaseDeadline(date: .distantFuture, breach: .caseTime(seconds: .infinity)) }
}

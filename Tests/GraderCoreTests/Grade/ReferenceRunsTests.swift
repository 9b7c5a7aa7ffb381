import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The reference's run of a performance case is timed three times and each call keeps its fastest
/// time, so that one run slowed by the machine does not raise the limit learners are held to.
final class ReferenceRunsTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("references-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A reference whose launches take, call by call, the seconds `times` gives for each launch
    /// in turn (the last repeated), and answer `answers` likewise.
    private func reference(_ times: [[Double]], answers: [JSONValue] = [.null]) -> ScriptedLauncher {
        let launches = Counter()
        return ScriptedLauncher { testCase, index, _ in
            let launch = index == 0 ? launches.next() : launches.current
            let seconds = times[min(launch, times.count - 1)]
            return ScriptedLauncher.value(answers[min(launch, answers.count - 1)], duration: seconds[index])
        }
    }

    private func twoCalls(timed: Bool) -> TestCase {
        var testCase = RunnerFixtures.testCase([RunnerFixtures.call("generate"), RunnerFixtures.call("import")])
        if timed { testCase.timeLimit = RelativeTimeLimit(factor: 10, floor: 0.001) }
        return testCase
    }

    private func run(_ testCase: TestCase, on launcher: ScriptedLauncher) throws -> CaseRun {
        let references = ReferenceRuns(launcher: launcher, cache: JSONCache(directory: folder), graderIdentity: "test")
        return try references.run(RunnerFixtures.exercise, RunnerFixtures.referenceBundle, testCase).get()
    }

    @Test func aPerformanceCasesCallsKeepTheirFastestOfThreeRuns() throws {
        // The first run was slowed (a compile beside it), the others were not, each call at its own best.
        let launcher = reference([[0.5, 0.8], [0.02, 0.09], [0.03, 0.04]])
        let run = try run(twoCalls(timed: true), on: launcher)
        #expect(launcher.launches.count == ReferenceRuns.timedRuns)
        #expect(run.steps.map(\.duration) == [0.02, 0.04])
        // The limits the learner is held to come from those times.
        let limits = CaseAttempt.callLimits(twoCalls(timed: true), reference: run)
        #expect(limits[1]?.seconds == 0.4 && limits[1]?.referenceSeconds == 0.04)

        // Kept for the next grader: no more runs.
        let again = try self.run(twoCalls(timed: true), on: launcher)
        #expect(launcher.launches.count == ReferenceRuns.timedRuns && again == run)
    }

    @Test func aCaseWithoutATimeLimitRunsOnce() throws {
        let launcher = reference([[0.5, 0.8], [0.02, 0.09]])
        let run = try run(twoCalls(timed: false), on: launcher)
        #expect(launcher.launches.count == 1)
        #expect(run.steps.map(\.duration) == [0.5, 0.8])
    }

    @Test func aLaterRunThatCannotStartLeavesTheRunsBeforeIt() throws {
        let scripted = reference([[0.5, 0.8], [0.02, 0.9]])
        let references = ReferenceRuns(launcher: FailingAfter(2, scripted), cache: JSONCache(directory: folder), graderIdentity: "test")
        let run = try references.run(RunnerFixtures.exercise, RunnerFixtures.referenceBundle, twoCalls(timed: true)).get()
        #expect(scripted.launches.count == 2)
        #expect(run.steps.map(\.duration) == [0.02, 0.8])
    }

    @Test func runsThatWentAnotherWayLendNoTimes() throws {
        // A run that answered otherwise is not the same work: its times are not the first run's.
        let launcher = reference([[0.5, 0.8], [0.02, 0.09]], answers: [.int(1), .int(2)])
        let run = try run(twoCalls(timed: true), on: launcher)
        #expect(launcher.launches.count == ReferenceRuns.timedRuns)
        #expect(run.steps.map(\.duration) == [0.5, 0.8])
        #expect(run.steps.first?.event == .replied(.value(.int(1))))
    }
}

/// A launcher that starts `working` launches through `launcher`, then cannot start any.
private final class FailingAfter: CaseLaunching, @unchecked Sendable {
    let launcher: ScriptedLauncher
    let working: Int

    init(_ working: Int, _ launcher: ScriptedLauncher) {
        self.working = working
        self.launcher = launcher
    }

    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, plan: LaunchPlan,
             shouldStop: (Int, StepRun) -> Bool) throws -> CaseRun {
        guard launcher.launches.count < working else { throw GraderError.io("the sandbox cannot start") }
        return try launcher.run(testCase, bundle: bundle, exercise: exercise, plan: plan, shouldStop: shouldStop)
    }
}

/// Counts launches for a scripted launcher, whose steps of one launch run on one thread in turn.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = -1

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    var current: Int { lock.withLock { count } }
}

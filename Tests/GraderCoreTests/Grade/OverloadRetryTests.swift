import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// A run that ran out of time while the machine was overloaded is run again before the time is
/// the learner's failure; nothing else is, and nothing is on a quiet machine.
struct OverloadRetryTests {
    private static let overloaded = MachineLoad(runnable: 100, oneMinute: 97, processors: 2)
    private static let quiet = MachineLoad(runnable: 3, oneMinute: 1.5, processors: 2)

    private var testCase: TestCase {
        RunnerFixtures.testCase([RunnerFixtures.call("load", expect: .value(.int(1)))])
    }

    /// A launcher whose first run times out and whose later runs answer `later`.
    private func firstRunTimesOut(then later: JSONValue = .int(1)) -> ScriptedLauncher {
        let runs = LowestIndex()
        return ScriptedLauncher { _, _, _ in
            if runs.value == .max {
                runs.lower(to: 0)
                return StepRun(event: .timedOut(seconds: 10), stdout: "", stderr: "", duration: 10)
            }
            return ScriptedLauncher.value(later)
        }
    }

    private func attempt(_ launcher: ScriptedLauncher, load: MachineLoad) -> (CaseAttempt.Outcome, OverloadRetries) {
        var attempt = CaseAttempt(launcher: launcher)
        let retries = OverloadRetries()
        attempt.overloadRetries = retries
        attempt.machineLoad = { load }
        return (attempt.run(testCase, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil), retries)
    }

    @Test func aTimeoutOnAnOverloadedMachineIsRunAgainAndTheSecondRunStands() {
        let launcher = firstRunTimesOut()
        let (outcome, retries) = attempt(launcher, load: Self.overloaded)
        #expect(outcome.failure == nil)
        #expect(launcher.launches.count == 2)
        #expect(retries.summary?.contains("ran out of time while the machine was busy (a load of 97, 100 ready to run, on 2 processors)") == true)
    }

    @Test func aTimeoutOnAQuietMachineIsTheLearnersAtOnce() {
        let launcher = firstRunTimesOut()
        let (outcome, retries) = attempt(launcher, load: Self.quiet)
        #expect(outcome.failure?.kind == .timedOut)
        #expect(launcher.launches.count == 1)
        #expect(retries.summary == nil)
    }

    @Test func aTimeoutInEachOfThreeRunsIsTheLearnersFailure() {
        let launcher = ScriptedLauncher { _, _, _ in StepRun(event: .timedOut(seconds: 10), stdout: "", stderr: "", duration: 10) }
        let (outcome, retries) = attempt(launcher, load: Self.overloaded)
        #expect(outcome.failure?.kind == .timedOut)
        #expect(launcher.launches.count == CaseAttempt.runsWhenOverloaded)
        #expect(retries.summary?.contains("(2 runs of this case were run again)") == true)
    }

    /// A launch the grader could not start (a launch server that did not answer in time) is the
    /// machine's on an overloaded machine, and run again; on a quiet one it stands, as the
    /// grader's fault: never the learner's failure, and the exercise is not counted as failed.
    @Test func aLaunchThatCouldNotStartIsRunAgainOnlyOnAnOverloadedMachine() {
        for (load, runs) in [(Self.overloaded, 2), (Self.quiet, 1)] {
            let launcher = FirstRunCannotStart()
            var attempt = CaseAttempt(launcher: launcher)
            let retries = OverloadRetries()
            attempt.overloadRetries = retries
            attempt.machineLoad = { load }
            let outcome = attempt.run(testCase, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
            #expect(launcher.runs == runs)
            if runs == 2 {
                #expect(outcome.failure == nil)
                #expect(retries.summary?.contains("could not start the app while the machine was busy") == true)
            } else {
                #expect(outcome.failure?.kind == .graderFault)
                #expect(outcome.failure?.message.contains("the grader could not start the app") == true)
                let failed = CaseResult(name: "c", index: 0, hidden: false, weight: 1, status: .failed,
                                        failure: outcome.failure, duration: 0.1)
                let passed = CaseResult(name: "d", index: 1, hidden: false, weight: 1, status: .passed, failure: nil, duration: 0.1)
                let summary = ExerciseResult.summarizing(RunnerFixtures.exercise, cases: [failed, passed], duration: 0.2)
                #expect(summary.status == .courseError)
                #expect(summary.problems == ["the grader could not run a case on this machine: grade again"])
            }
        }
    }

    @Test func aWrongValueIsNeverRunAgain() {
        let launcher = ScriptedLauncher { _, _, _ in ScriptedLauncher.value(.int(2)) }
        let (outcome, retries) = attempt(launcher, load: Self.overloaded)
        #expect(outcome.failure?.kind == .wrongValue)
        #expect(launcher.launches.count == 1)
        #expect(retries.summary == nil)
    }

    @Test func theLoadIsReadFromProcLoadavg() throws {
        let busy = try #require(MachineLoad.parse("103.20 51.07 20.00 98/1234 5678\n", processors: 2))
        #expect(busy == MachineLoad(runnable: 98, oneMinute: 103.2, processors: 2))
        #expect(busy.isOverloaded)
        // The grader's own jobs (two per processor) are not an overload.
        #expect(MachineLoad.parse("3.90 3.10 2.00 4/400 1", processors: 2)?.isOverloaded == false)
        #expect(MachineLoad.parse("0.10 0.10 0.10 9/400 1", processors: 2)?.isOverloaded == true)
        // A load that has gone: the average still high, few ready now.
        #expect(MachineLoad.parse("49.00 60.00 30.00 1/400 1", processors: 2)?.isOverloaded == false)
        #expect(MachineLoad.parse("49.00 60.00 30.00 5/400 1", processors: 2)?.isOverloaded == true)
        #expect(MachineLoad.parse("garbage", processors: 2) == nil)
        #expect(MachineLoad.now() != nil)
    }
}

/// A launcher whose first case run throws (as a launch server that did not answer does) and
/// whose later runs answer 1.
private final class FirstRunCannotStart: CaseLaunching, @unchecked Sendable {
    private(set) var runs = 0

    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, plan: LaunchPlan,
             shouldStop: (Int, StepRun) -> Bool) throws -> CaseRun {
        runs += 1
        if runs == 1 { throw GraderError.io("the launch server ended before the launch started") }
        let run = ScriptedLauncher.value(.int(1))
        _ = shouldStop(0, run)
        return CaseRun(steps: [run], container: [])
    }
}

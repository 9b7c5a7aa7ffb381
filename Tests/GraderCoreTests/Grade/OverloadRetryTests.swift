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

    @Test func aSecondTimeoutIsTheLearnersFailure() {
        let launcher = ScriptedLauncher { _, _, _ in StepRun(event: .timedOut(seconds: 10), stdout: "", stderr: "", duration: 10) }
        let (outcome, retries) = attempt(launcher, load: Self.overloaded)
        #expect(outcome.failure?.kind == .timedOut)
        #expect(launcher.launches.count == 2)
        #expect(retries.summary != nil)
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

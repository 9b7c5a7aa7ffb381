import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The crash runner's decisions, with a scripted launcher: a calibration run, then one kill per
/// repetition, each in its own slice of the call's time.
struct CrashCaseRunnerTests {
    private let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
    private let testCase: TestCase = {
        var testCase = RunnerFixtures.testCase([
            .killDuring(Call(operation: "save", arguments: nil, expectation: .reference, stdout: nil, options: .standard)),
            .relaunch,
            RunnerFixtures.call("load", expect: .value(.string("whole"))),
        ])
        testCase.crash = CrashPlan(repetitions: 12, seed: 5)
        return testCase
    }()

    /// `save` takes `callTime` seconds; `load` answers `torn` when the kill came in `tornWindow`.
    private func launcher(callTime: Double = 0.1, tornWindow: ClosedRange<Double>? = nil) -> ScriptedLauncher {
        ScriptedLauncher(delay: 0.005) { _, index, plan in
            switch index {
            case 0: return StepRun(event: plan.killAfter == nil ? .replied(.value(.null)) : .killed, stdout: "", stderr: "", duration: callTime)
            case 1: return StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0)
            default:
                let torn = plan.killAfter.map { tornWindow?.contains($0) ?? false } ?? false
                return ScriptedLauncher.value(.string(torn ? "torn" : "whole"))
            }
        }
    }

    @Test func everyRepetitionIsKilledInItsOwnSliceAndAllPass() {
        let learner = launcher()
        let (failure, variation) = CrashCaseRunner(attempt: CaseAttempt(launcher: learner), pool: WorkPool(jobs: 4), scratchDirectory: scratch)
            .run(testCase, plan: testCase.crash!, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
        #expect(failure == nil)
        #expect(variation == nil)
        let kills = learner.launches.compactMap(\.plan.killAfter).sorted()
        #expect(learner.launches.count == 13)
        #expect(learner.launches.first?.plan.killAfter == nil, "the calibration run comes first, without a kill")
        // One kill in each twelfth of the 0.1 s call.
        #expect(kills.count == 12)
        for (slice, kill) in kills.enumerated() {
            #expect(kill >= Double(slice) * 0.1 / 12 && kill < Double(slice + 1) * 0.1 / 12)
        }
        #expect(learner.mostAtOnce > 1, "repetitions run at once")
    }

    /// A job that has shown enough while the case runs (``CaseAttempt/abandoned``): no wave
    /// starts after that, so of the 12 repetitions only the first wave ran.
    @Test func anAbandonedCaseStartsNoMoreWaves() {
        let learner = launcher()
        var attempt = CaseAttempt(launcher: learner)
        attempt.abandoned = { learner.launches.count >= 2 }
        _ = CrashCaseRunner(attempt: attempt, pool: WorkPool(jobs: 2), scratchDirectory: scratch)
            .run(testCase, plan: testCase.crash!, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
        #expect(learner.launches.count == 3, "the calibration run and one wave of two")
    }

    @Test func aTornWriteIsFoundWhereverItsWindowIsAndTheFirstRepetitionIsReported() {
        // Torn only when killed between 40 and 48 ms into a 100 ms save: one slice in twelve.
        let learner = launcher(tornWindow: 0.040...0.048)
        let (failure, variation) = CrashCaseRunner(attempt: CaseAttempt(launcher: learner), pool: WorkPool(jobs: 3), scratchDirectory: scratch)
            .run(testCase, plan: testCase.crash!, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
        #expect(failure?.kind == .wrongValue)
        #expect(failure?.message.hasSuffix("(after a kill part-way through save)") == true)
        #expect(variation?.seed == 5)
        #expect(variation?.run.hasPrefix("repetition ") == true)
        #expect(variation?.detail?.contains("into save") == true)
    }

    @Test func aFailingCalibrationRunIsReportedAsSuch() {
        let learner = ScriptedLauncher { _, index, _ in
            index == 2 ? ScriptedLauncher.value(.string("torn")) : StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0.01)
        }
        let (failure, variation) = CrashCaseRunner(attempt: CaseAttempt(launcher: learner), pool: WorkPool(jobs: 2), scratchDirectory: scratch)
            .run(testCase, plan: testCase.crash!, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
        #expect(failure?.kind == .wrongValue)
        #expect(variation?.run == "the run without a kill")
        #expect(learner.launches.count == 1)
    }

    @Test func aCallQuickerThanMeasuredShrinksTheTimeLaterWavesCover() {
        // Calibrated at 1 s, but every killed call answers after 10 ms: later waves kill within 10 ms.
        let learner = ScriptedLauncher(answeredBeforeKill: { $0.killAfter == nil ? nil : 0.01 }) { _, index, plan in
            switch index {
            case 0: return StepRun(event: plan.killAfter == nil ? .replied(.value(.null)) : .killed, stdout: "", stderr: "", duration: 1)
            case 1: return StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0)
            default: return ScriptedLauncher.value(.string("whole"))
            }
        }
        _ = CrashCaseRunner(attempt: CaseAttempt(launcher: learner), pool: WorkPool(jobs: 4), scratchDirectory: scratch)
            .run(testCase, plan: testCase.crash!, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
        let kills = learner.launches.compactMap(\.plan.killAfter)
        #expect(kills.count == 12)
        #expect(kills.suffix(8).allSatisfy { $0 <= 0.01 }, "waves after the first cover only what the call took")
    }

    @Test func afterARelaunchRepetitionsStartFromTheSavedContainerAndRunOnlyTheRest() {
        var resumed = RunnerFixtures.testCase([
            RunnerFixtures.call("install", expect: .value(.null)),
            .relaunch,
            .killDuring(Call(operation: "open", arguments: nil, expectation: .reference, stdout: nil, options: .standard)),
            RunnerFixtures.call("count", expect: .value(.int(3))),
        ])
        resumed.crash = CrashPlan(repetitions: 6, seed: 2)
        // Wrong only in repetitions (killed runs): the count is 2.
        let learner = ScriptedLauncher { testCase, index, plan in
            switch testCase.steps[index] {
            case .relaunch: return StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0)
            case .killDuring: return StepRun(event: plan.killAfter == nil ? .replied(.value(.null)) : .killed, stdout: "", stderr: "", duration: 0.05)
            case .call(let call) where call.operation == "count": return ScriptedLauncher.value(.int(plan.killAfter == nil ? 3 : 2))
            default: return ScriptedLauncher.value(.null)
            }
        }
        let (failure, _) = CrashCaseRunner(attempt: CaseAttempt(launcher: learner), pool: WorkPool(jobs: 2), scratchDirectory: scratch)
            .run(resumed, plan: resumed.crash!, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
        let calibration = learner.launches[0]
        #expect(calibration.testCase.steps.count == 4)
        #expect(calibration.plan.snapshot?.afterStep == 1, "the container is saved after the relaunch")
        let repetitions = learner.launches.dropFirst()
        #expect(!repetitions.isEmpty)
        #expect(repetitions.allSatisfy { $0.testCase.steps.count == 2 && $0.plan.startingContainer == calibration.plan.snapshot?.folder })
        // The failure is numbered and listed as in the whole case.
        #expect(failure?.stepIndex == 3)
        #expect(failure?.steps.count == 4)
        #expect(failure?.steps.first == .call(operation: "install", arguments: nil))
    }

    @Test func withoutARelaunchBeforeItEveryRepetitionRunsTheWholeCase() {
        let learner = launcher()
        var sameLaunch = RunnerFixtures.testCase([RunnerFixtures.call("save", expect: .value(.null))] + testCase.steps)
        sameLaunch.crash = CrashPlan(repetitions: 4, seed: 9)
        _ = CrashCaseRunner(attempt: CaseAttempt(launcher: learner), pool: WorkPool(jobs: 2), scratchDirectory: scratch)
            .run(sameLaunch, plan: sameLaunch.crash!, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, reference: nil)
        #expect(learner.launches.allSatisfy { $0.testCase.steps.count == 4 && $0.plan.startingContainer == nil && $0.plan.snapshot == nil })
    }
}

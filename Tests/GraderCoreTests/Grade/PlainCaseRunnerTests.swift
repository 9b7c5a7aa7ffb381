import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// A performance case fails only when too slow twice, the second time against the reference timed afresh.
struct PlainCaseRunnerTests {
    private var testCase: TestCase {
        var testCase = RunnerFixtures.testCase([RunnerFixtures.call("import", expect: .value(.null))])
        testCase.timeLimit = RelativeTimeLimit(factor: 10, floor: 0.001)
        return testCase
    }

    private func reference(seconds: Double) -> CaseRun {
        CaseRun(steps: [ScriptedLauncher.value(.null, duration: seconds)], container: [])
    }

    @Test func tooSlowTwiceFailsWithBothRunsSaid() {
        let slow = ScriptedLauncher { _, _, plan in
            let limit = plan.callLimits[0]?.seconds ?? 0
            return StepRun(event: .tooSlow(limit: limit, factor: 10, referenceSeconds: limit / 10), stdout: "", stderr: "", duration: limit)
        }
        let failure = PlainCaseRunner(attempt: CaseAttempt(launcher: slow), launcher: slow)
            .run(testCase, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                 referenceBundle: RunnerFixtures.referenceBundle, reference: reference(seconds: 0.01))
        #expect(failure?.kind == .tooSlow)
        #expect(failure?.message.hasPrefix("in two runs, ") == true)
        // The learner ran twice, the reference once more in between, and the second limit came from the slower reference time.
        #expect(slow.launches.count == 3)
        #expect(slow.launches[0].plan.callLimits[0]?.seconds == 0.1)
    }

    @Test func aBusyMomentIsForgivenWhenTheSecondRunIsInTime() {
        let counter = LowestIndex()
        let flaky = ScriptedLauncher { _, _, plan in
            // Only the first run is slow.
            if counter.value == .max, let limit = plan.callLimits[0]?.seconds {
                counter.lower(to: 0)
                return StepRun(event: .tooSlow(limit: limit, factor: 10, referenceSeconds: 0.01), stdout: "", stderr: "", duration: limit)
            }
            return ScriptedLauncher.value(.null)
        }
        let failure = PlainCaseRunner(attempt: CaseAttempt(launcher: flaky), launcher: flaky)
            .run(testCase, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                 referenceBundle: RunnerFixtures.referenceBundle, reference: reference(seconds: 0.01))
        #expect(failure == nil)
    }
}

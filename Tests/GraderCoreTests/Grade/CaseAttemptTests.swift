import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// A driver fault is the course's only when the reference faults at the same step.
struct CaseAttemptTests {
    private let testCase = RunnerFixtures.testCase([RunnerFixtures.call("load", expect: .value(.int(1)))])
    private let faulting = ScriptedLauncher { _, _, _ in
        StepRun(event: .replied(.fault("arguments of 'load' do not match Car")), stdout: "", stderr: "", duration: 0.001)
    }

    private func attempt(witness: CaseRun?) -> (CaseAttempt, LowestIndex) {
        let asked = LowestIndex()
        var attempt = CaseAttempt(launcher: faulting)
        attempt.referenceWitness = { _ in
            asked.lower(to: 0)
            return witness
        }
        return (attempt, asked)
    }

    @Test func aFaultTheReferenceDoesNotHaveIsTheLearners() throws {
        let (attempt, asked) = attempt(witness: CaseRun(steps: [ScriptedLauncher.value(.int(1))], container: []))
        let failure = try #require(attempt.run(testCase, exercise: RunnerFixtures.exercise,
                                               bundle: RunnerFixtures.bundle, reference: nil).failure)
        #expect(asked.value == 0, "a case with literal expectations asks for the reference's run only now")
        #expect(failure.kind == .malformedReply)
        #expect(failure.message.contains("arguments of 'load' do not match Car"))
        #expect(failure.message.contains("the reference runs this step"))
    }

    @Test func aFaultTheReferenceSharesIsTheCourses() throws {
        let faultRun = StepRun(event: .replied(.fault("unknown operation 'load'")), stdout: "", stderr: "", duration: 0.001)
        let (attempt, _) = attempt(witness: CaseRun(steps: [faultRun], container: []))
        let failure = try #require(attempt.run(testCase, exercise: RunnerFixtures.exercise,
                                               bundle: RunnerFixtures.bundle, reference: nil).failure)
        #expect(failure.kind == .driverFault)
        #expect(failure.message.contains("a problem with the course"))
    }

    @Test func theReferenceAtHandIsUsedWithoutAskingAgain() throws {
        let (attempt, asked) = attempt(witness: nil)
        let reference = CaseRun(steps: [ScriptedLauncher.value(.int(1))], container: [])
        let failure = try #require(attempt.run(testCase, exercise: RunnerFixtures.exercise,
                                               bundle: RunnerFixtures.bundle, reference: reference).failure)
        #expect(asked.value == .max)
        #expect(failure.kind == .malformedReply)
    }
}

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

    private func judged(_ step: Step, throws thrown: ThrownError, reference: ThrownError? = nil) -> StepFailure? {
        let launcher = ScriptedLauncher { _, _, _ in StepRun(event: .replied(.error(thrown)), stdout: "", stderr: "", duration: 0.001) }
        let referenceRun = reference.map {
            CaseRun(steps: [StepRun(event: .replied(.error($0)), stdout: "", stderr: "", duration: 0.001)], container: [])
        }
        return CaseAttempt(launcher: launcher).run(RunnerFixtures.testCase([step]), exercise: RunnerFixtures.exercise,
                                                   bundle: RunnerFixtures.bundle, reference: referenceRun).failure
    }

    @Test func anErrorsAssociatedValuesAndCodeAreCheckedWhenStated() {
        let notFound7 = ThrownError(type: "ContactsError", case: "notFound", description: "", values: .int(7))
        let notFound0 = ThrownError(type: "ContactsError", case: "notFound", description: "", values: .int(0))
        let expectsSeven = RunnerFixtures.call("delete", expect: .error(ErrorPattern(type: "ContactsError", case: "notFound", values: .int(7))))
        #expect(judged(expectsSeven, throws: notFound7) == nil)
        let wrong = judged(expectsSeven, throws: notFound0)
        #expect(wrong?.kind == .wrongError)
        #expect(wrong?.message == "expected the error ContactsError.notFound(7), got ContactsError.notFound(0)")
        // Type.case alone still ignores the values.
        #expect(judged(RunnerFixtures.call("delete", expect: .error(ErrorPattern(type: "ContactsError", case: "notFound"))),
                       throws: notFound0) == nil)
        let cocoa = ThrownError(type: "CocoaError", case: "fileNoSuchFile", description: "no such file", code: 4)
        #expect(judged(RunnerFixtures.call("open", expect: .error(ErrorPattern(type: "CocoaError", code: 260))), throws: cocoa)?.kind == .wrongError)
        #expect(judged(RunnerFixtures.call("open", expect: .error(ErrorPattern(type: "CocoaError", message: "no such file"))), throws: cocoa) == nil)
        #expect(judged(RunnerFixtures.call("open", expect: .error(ErrorPattern(type: "CocoaError", message: "gone"))), throws: cocoa)?.kind == .wrongError)
    }

    @Test func errorDetailsCompareTheValuesWithTheReferences() {
        let notFound7 = ThrownError(type: "ContactsError", case: "notFound", description: "", values: .int(7))
        let notFound0 = ThrownError(type: "ContactsError", case: "notFound", description: "", values: .int(0))
        let plain = RunnerFixtures.call("delete")
        #expect(judged(plain, throws: notFound0, reference: notFound7) == nil, "by default only the type and case count")
        var detailed = Call(operation: "delete", arguments: nil, expectation: .reference, stdout: nil,
                            options: ComparisonOptions(errorDetails: true))
        #expect(judged(.call(detailed), throws: notFound0, reference: notFound7)?.kind == .wrongError)
        #expect(judged(.call(detailed), throws: notFound7, reference: notFound7) == nil)
        detailed.operation = "remove"
        let bare = ThrownError(type: "ContactsError", case: "notFound", description: "")
        #expect(judged(.call(detailed), throws: notFound7, reference: bare)?.kind == .wrongError,
                "values the reference's error does not have are a difference too")
    }
}

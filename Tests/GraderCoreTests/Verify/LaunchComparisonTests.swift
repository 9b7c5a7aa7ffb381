import Foundation
import Testing
@testable import GraderCore

/// Which cases `verify --compare-launches` counts as differing between two results of one file.
struct LaunchComparisonTests {
    private func exercise(_ cases: [CaseResult]) -> ExerciseResult {
        ExerciseResult(id: "e", title: "e", status: .failed, points: 10, score: 0, casesPassed: 0, casesTotal: cases.count,
                       diagnostics: [], cases: cases, problems: [], duration: 1)
    }

    private func passed(_ name: String) -> CaseResult {
        CaseResult(name: name, index: 0, hidden: false, weight: 1, status: .passed, failure: nil, duration: 0.2)
    }

    private func failed(_ name: String, _ kind: FailureKind?, duration: Double = 0.2) -> CaseResult {
        CaseResult(name: name, index: 0, hidden: kind == nil, weight: 1, status: .failed,
                   failure: kind.map { StepFailure(kind: $0, stepIndex: 0, step: .relaunch, message: "m", stdout: "", stderr: "") },
                   duration: duration)
    }

    @Test func aCaseWithAnotherStatusOrKindOfFailureDiffers() {
        let forked = exercise([passed("a"), failed("b", .wrongValue), failed("c", .crashed), failed("hidden", nil)])
        let execd = exercise([failed("a", .wrongValue), failed("b", .wrongValue), failed("c", .timedOut), passed("hidden")])
        #expect(LaunchComparison.differingCases(forked, execd) == ["a", "c", "hidden"])
        #expect(LaunchComparison.differingCases(forked, forked).isEmpty)
    }

    @Test func aCaseLeftOutByAStopRuleIsNotCompared() {
        // A mutant's cases stop once it is caught: which ran depends on the machine.
        let forked = exercise([failed("a", .wrongValue), failed("b", nil, duration: 0)])
        let execd = exercise([failed("a", nil, duration: 0), passed("b")])
        #expect(LaunchComparison.differingCases(forked, execd).isEmpty)
    }

    @Test func aMutantIsGradedTheOtherWayFromTheCasesItFailedAndOtherJobsAsTheyWere() {
        let forked = exercise([passed("a"), failed("b", .wrongValue), failed("c", nil, duration: 0), failed("d", .crashed)])
        let mutant = Grader.Job(exercise: RunnerFixtures.exercise, variant: .mutant("m"), stopRule: StopRule(groups: [["d"]]))
        let other = LaunchComparison.failuresFirst(mutant, forked)
        #expect(other.stopRule?.first == ["b", "d"], "the cases it failed, in the exercise's order; not the one left out")
        #expect(other.stopRule?.groups == [["d"]], "when it stops is unchanged")
        let reference = Grader.Job(exercise: RunnerFixtures.exercise, variant: .reference)
        #expect(LaunchComparison.failuresFirst(reference, forked).stopRule == nil, "a job that runs every case still does")
    }
}

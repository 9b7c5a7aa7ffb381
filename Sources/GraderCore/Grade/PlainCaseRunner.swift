import Foundation

/// Runs a case of plain calls once. A performance case (`timeout: 10x`) that was too slow gets
/// a second run against the reference timed afresh, under the same load, and fails only when
/// too slow twice.
struct PlainCaseRunner: Sendable {
    let attempt: CaseAttempt
    let launcher: any CaseLaunching

    func run(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, referenceBundle: AppBundle?,
             reference: CaseRun?) -> StepFailure? {
        var failure = attempt.run(testCase, exercise: exercise, bundle: bundle, reference: reference).failure
        if failure?.kind == .tooSlow, let reference {
            let retimed = referenceBundle.flatMap { try? launcher.run(testCase, bundle: $0, exercise: exercise) }
            failure = attempt.run(testCase, exercise: exercise, bundle: bundle,
                                  reference: Self.slower(reference, retimed)).failure
            if var slow = failure, slow.kind == .tooSlow {
                slow.message = "in two runs, " + slow.message
                failure = slow
            }
        }
        return failure
    }

    /// `run` with each step's duration raised to `other`'s where that one was slower.
    static func slower(_ run: CaseRun, _ other: CaseRun?) -> CaseRun {
        guard let other else { return run }
        var result = run
        for index in result.steps.indices where index < other.steps.count {
            result.steps[index].duration = max(result.steps[index].duration, other.steps[index].duration)
        }
        return result
    }
}

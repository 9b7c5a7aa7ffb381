import Foundation

/// Runs a crash case: a calibration run with no kill (which must pass, and times the call),
/// then `repeat` runs that each kill the `kill_during` call at a seeded moment of it. The
/// repetitions are work items on the pool, in waves of as many as the pool runs at once.
///
/// When the killed call is the first of a fresh launch (it follows a `relaunch` or a `kill`,
/// and no `update` came before it),
/// everything the earlier steps left is in the container: the calibration run saves it there,
/// and each repetition starts from a copy and runs only the steps from the kill on. The app
/// sees the same files and starts as a new process either way; the earlier steps (installing
/// 20,000 notes, say) run once instead of once per repetition.
struct CrashCaseRunner: Sendable {
    let attempt: CaseAttempt
    let pool: WorkPool
    /// Where the calibration run's container is saved for the repetitions.
    let scratchDirectory: URL

    func run(_ testCase: TestCase, plan: CrashPlan, exercise: Exercise, bundle: AppBundle,
             reference: CaseRun?) -> (StepFailure?, CaseVariation?) {
        let killIndex = testCase.steps.firstIndex { if case .killDuring = $0 { return true } else { return false } } ?? 0
        guard case .killDuring(let call) = testCase.steps[killIndex] else { return (nil, nil) }
        // An `update` before the kill changes the bundle, which the rest of the steps alone would
        // not: such a case's repetitions run it whole.
        let updates = testCase.steps[..<killIndex].contains { if case .update = $0 { return true } else { return false } }
        let resumes = killIndex > 0 && !updates && [Step.relaunch, .kill].contains(testCase.steps[killIndex - 1])
        let saved = scratchDirectory.appendingPathComponent("before-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: saved) }
        var calibrationPlan = LaunchPlan.plain
        calibrationPlan.countsFileChanges = plan.atEachFileChange
        if resumes { calibrationPlan.snapshot = (killIndex - 1, saved) }
        let calibration = attempt.run(testCase, exercise: exercise, bundle: bundle, reference: reference, plan: calibrationPlan)
        if let failure = calibration.failure {
            return (failure, CaseVariation(seed: plan.seed, run: "the run without a kill",
                                           detail: "nothing was killed in this run"))
        }
        // What a repetition runs: the whole case, or the steps from the kill on, from the saved container.
        let skipped = resumes ? killIndex : 0
        var repeated = testCase
        repeated.steps = Array(testCase.steps[skipped...])
        let repeatedReference = reference.map { CaseRun(steps: Array($0.steps.dropFirst(skipped)), container: $0.container) }
        func failed(_ outcome: CaseAttempt.Outcome, _ run: String, _ detail: String) -> (StepFailure?, CaseVariation?)? {
            guard var failure = outcome.failure else { return nil }
            // Numbered and listed as in the whole case.
            failure.stepIndex += skipped
            failure.steps = testCase.steps[..<skipped].map(\.action) + failure.steps
            failure.message += " (after a kill part-way through \(call.operation))"
            return (failure, CaseVariation(seed: plan.seed, run: run, detail: detail))
        }

        if plan.atEachFileChange {
            guard let changes = calibration.run.flatMap({ killIndex < $0.steps.count ? $0.steps[killIndex].fileChanges : nil }) else {
                return (StepFailure(kind: .driverFault, stepIndex: killIndex, step: testCase.steps[killIndex].action,
                                    message: "the grader could not count the file changes of \(call.operation) (it watches them with seccomp's user notification, which needs Linux 5.5 or later). This is a problem with the grader's set-up, not your code.",
                                    stdout: "", stderr: ""), nil)
            }
            // Before each change, and once after the last: every state the call passes through.
            let points = Self.killPoints(changes: changes, cap: plan.repetitions)
            var next = 0
            while next < points.count, !attempt.isAbandoned {
                let wave = Array(points[next..<min(points.count, next + pool.jobs)])
                let outcomes = pool.map(wave) { point in
                    attempt.run(repeated, exercise: exercise, bundle: bundle, reference: repeatedReference,
                                plan: LaunchPlan(startingContainer: resumes ? saved : nil, countsFileChanges: true, killAtChange: point))
                }
                for (point, outcome) in zip(wave, outcomes) {
                    let moment = point > changes
                        ? "killed right after \(call.operation), which made \(changes) change\(changes == 1 ? "" : "s") to files"
                        : "killed just before change \(point) of the \(changes) that \(call.operation) makes to files (each creation, write, rename or removal counts)"
                    if let found = failed(outcome, "kill point \(points.firstIndex(of: point)! + 1) of \(points.count)", moment) {
                        return found
                    }
                }
                next += wave.count
            }
            return (nil, nil)
        }

        // The moments are stratified: repetition k of n is killed in its own slice of the call's
        // time (slices shuffled, a random point in each), so a torn-write window of 1/n of the
        // call is always hit. A call that answers before its kill shows the call is quicker than
        // measured: the time still to cover shrinks to what it took, from the next wave on.
        var full = calibration.run.flatMap { killIndex < $0.steps.count ? $0.steps[killIndex].duration : nil } ?? 0
        var random = SeededRandom(seed: plan.seed)
        let slices = (0..<plan.repetitions).shuffled(using: &random)
        let fractions = slices.map { (Double($0) + Double.random(in: 0..<1, using: &random)) / Double(plan.repetitions) }
        var next = 0
        while next < plan.repetitions, !attempt.isAbandoned {
            let wave = Array(next..<min(plan.repetitions, next + pool.jobs))
            let callTime = full
            let outcomes = pool.map(wave) { repetition in
                attempt.run(repeated, exercise: exercise, bundle: bundle, reference: repeatedReference,
                            plan: LaunchPlan(killAfter: fractions[repetition] * callTime,
                                             startingContainer: resumes ? saved : nil))
            }
            for (repetition, outcome) in zip(wave, outcomes) {
                let fraction = fractions[repetition]
                if let found = failed(outcome, "repetition \(repetition + 1) of \(plan.repetitions)",
                                      String(format: "killed %.1f ms into %@ (%.0f%% of the %.1f ms it took without a kill)",
                                             fraction * callTime * 1000, call.operation, fraction * 100, callTime * 1000)) {
                    return found
                }
                if let answered = outcome.run?.answeredBeforeKill { full = min(full, answered) }
            }
            next += wave.count
        }
        return (nil, nil)
    }

    /// The changes to kill before (1…changes), and `changes + 1` for right after the call; at
    /// most `cap` of them, spread evenly, the first and the last always among them.
    static func killPoints(changes: Int, cap: Int) -> [Int] {
        let all = Array(1...(max(0, changes) + 1))
        guard all.count > cap else { return all }
        guard cap >= 2 else { return [1] }
        let step = Double(all.count - 1) / Double(cap - 1)
        return Array(Set((0..<cap).map { all[Int((Double($0) * step).rounded())] })).sorted()
    }
}

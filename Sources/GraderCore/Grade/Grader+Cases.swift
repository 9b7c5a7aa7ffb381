import Foundation

/// Running one case: once for a plain case, once per generated input for a randomized case,
/// once plus once per repetition for a crash case.
extension Grader {
    /// Tries at most this many simpler inputs when shrinking a failing one.
    static let shrinkBudget = 100

    func runCase(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, referenceBundle: AppBundle?,
                 reference: Result<CaseRun, GraderError>?) -> CaseResult
    {
        let started = Date()
        let referenceRun = try? reference?.get()
        // A verdict depends on the binary, the case, the limits, the suites saved on relaunch and
        // the reference it is compared with: all of them are in the key.
        let cacheKey = JSONCache<CaseResult>.key(
            "case-result-v2", [bundle.key, testCase, exercise.limits, exercise.defaultsSuites, referenceRun,
                               testCase.inputs == nil ? nil : referenceBundle?.key, engine.toolchain.graderIdentity,
                               testCase.inputs == nil ? nil : shrinksFailures])
        // A crash case's verdict depends on timing: it is never reused.
        let reusable = reusesResults && testCase.crash == nil
        if reusable, var cached = resultCache.load(cacheKey) {
            cached.cached = true
            return cached
        }
        var failure: StepFailure?
        var variation: CaseVariation?
        if testCase.inputs == nil, Self.needsReference(testCase), referenceRun == nil {
            // Without the reference's run there is nothing to compare with and no time to scale.
            var reason = "the reference implementation was not built"
            if case .failure(let error)? = reference { reason = "the reference could not run: \(error)" }
            failure = StepFailure(kind: .referenceFailed, stepIndex: 0, step: "reference",
                                  message: "\(reason). This is a problem with the course, not your code.",
                                  stdout: "", stderr: "")
        } else if let spec = testCase.inputs {
            (failure, variation) = runGenerated(testCase, spec: spec, exercise: exercise, bundle: bundle,
                                                referenceBundle: referenceBundle)
        } else if let plan = testCase.crash {
            (failure, variation) = runCrashing(testCase, plan: plan, exercise: exercise, bundle: bundle,
                                               reference: referenceRun)
        } else {
            failure = attempt(testCase, exercise: exercise, bundle: bundle, reference: referenceRun)
            // A performance case may have met a busy moment: it fails only when too slow twice,
            // the second time against the reference timed afresh, under the same load.
            if failure?.kind == .tooSlow, let referenceRun {
                let retimed = referenceBundle.flatMap { try? runner.run(testCase, bundle: $0, exercise: exercise) }
                failure = attempt(testCase, exercise: exercise, bundle: bundle, reference: Self.slower(referenceRun, retimed))
                if let message = failure?.message, failure?.kind == .tooSlow { failure?.message = "in two runs, " + message }
            }
        }
        let result = CaseResult(name: testCase.name, index: testCase.index, hidden: testCase.hidden,
                                weight: testCase.weight, status: failure == nil ? .passed : .failed,
                                failure: failure, duration: Date().timeIntervalSince(started), variation: variation)
        // Verdicts that may depend on the machine (a timeout, the output cap) or on a course
        // defect are never kept.
        // A launch the grader itself could not make (no container, no processes left) is not
        // the solution's fault either.
        let neverKept: Set<FailureKind> = [.timedOut, .tooSlow, .outputLimit, .referenceFailed, .driverFault]
        if testCase.crash == nil, failure.map({ !neverKept.contains($0.kind) && $0.step != "launch" }) ?? true {
            resultCache.store(result, key: cacheKey)
        }
        return result
    }

    /// One run of a concrete case, judged step by step and then on its container; nil when it passes.
    func attempt(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, reference: CaseRun?,
                 killAfter: Double? = nil) -> StepFailure? {
        var observed: CaseRun?
        return attempt(testCase, exercise: exercise, bundle: bundle, reference: reference, killAfter: killAfter, observed: &observed)
    }

    func attempt(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, reference: CaseRun?,
                 killAfter: Double?, observed: inout CaseRun?) -> StepFailure? {
        var failure: StepFailure?
        do {
            let run = try runner.run(testCase, bundle: bundle, exercise: exercise, killAfter: killAfter,
                                     callLimits: Self.callLimits(testCase, reference: reference)) { index, run in
                failure = StepJudge.judge(testCase.steps[index], index: index, run: run,
                                          reference: reference.flatMap { index < $0.steps.count ? $0.steps[index] : nil })
                failure?.steps = testCase.steps[...index].map(StepJudge.describe)
                return failure != nil
            }
            observed = run
            if failure == nil {
                failure = ContainerJudge.judge(testCase.container, observed: run.container,
                                               reference: reference?.container, stepCount: testCase.steps.count)
                if let check = failure?.step { failure?.steps = testCase.steps.map(StepJudge.describe) + [check] }
            }
        } catch {
            failure = StepFailure(kind: .crashed, stepIndex: 0, step: "launch",
                                  message: "the grader could not start the app: \(error)", stdout: "", stderr: "")
        }
        return failure
    }

    /// A performance case's limit for each of its calls, from the reference's time for the same call.
    static func callLimits(_ testCase: TestCase, reference: CaseRun?) -> [Int: CallLimit] {
        guard let timeLimit = testCase.timeLimit, let reference else { return [:] }
        var limits: [Int: CallLimit] = [:]
        for (index, step) in testCase.steps.enumerated() where index < reference.steps.count {
            guard case .call = step else { continue }
            let referenceSeconds = reference.steps[index].duration
            limits[index] = CallLimit(seconds: timeLimit.seconds(forReference: referenceSeconds),
                                      factor: timeLimit.factor, referenceSeconds: referenceSeconds)
        }
        return limits
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

    /// The reference's run of a concrete case, from the cache when it has run before.
    func referenceRuns(_ exercise: Exercise, _ bundle: AppBundle, _ testCase: TestCase) -> Result<CaseRun, GraderError> {
        let key = JSONCache<CaseRun>.key(
            "reference-run-v2", [bundle.key, testCase.steps, testCase.container, exercise.limits, exercise.defaultsSuites,
                                 testCase.timeLimit, engine.toolchain.graderIdentity])
        if let cached = referenceCache.load(key) { return .success(cached) }
        do {
            let run = try runner.run(testCase, bundle: bundle, exercise: exercise)
            // Only a clean run is worth keeping: a timeout may be the machine's fault.
            if run.steps.allSatisfy({ if case .timedOut = $0.event { return false } else { return true } }) {
                referenceCache.store(run, key: key)
            }
            return .success(run)
        } catch let error as GraderError {
            return .failure(error)
        } catch {
            return .failure(.io("\(error)"))
        }
    }

    /// Runs every generated input through learner and reference; shrinks the first failing one.
    private func runGenerated(_ testCase: TestCase, spec: InputSpec, exercise: Exercise, bundle: AppBundle,
                              referenceBundle: AppBundle?) -> (StepFailure?, CaseVariation?) {
        let needsReference = Self.needsReference(testCase)
        func failure(for input: [String: JSONValue]) -> StepFailure? {
            let instance = CaseInstance.instantiate(testCase, input: input)
            var reference: CaseRun?
            if needsReference {
                guard let referenceBundle else {
                    return StepFailure(kind: .referenceFailed, stepIndex: 0, step: "reference",
                                       message: "the reference implementation was not built. This is a problem with the course, not your code.",
                                       stdout: "", stderr: "")
                }
                switch referenceRuns(exercise, referenceBundle, instance) {
                case .success(let run): reference = run
                case .failure(let error):
                    return StepFailure(kind: .referenceFailed, stepIndex: 0, step: "reference",
                                       message: "the reference could not run: \(error)", stdout: "", stderr: "")
                }
            }
            return attempt(instance, exercise: exercise, bundle: bundle, reference: reference)
        }
        for index in 0..<spec.count {
            let input = InputGenerator.input(spec, index: index)
            guard let first = failure(for: input) else { continue }
            if [.referenceFailed, .driverFault].contains(first.kind) || !shrinksFailures {
                return (first, CaseVariation(seed: spec.seed, run: "input \(index + 1) of \(spec.count)",
                                             input: .object(input)))
            }
            // Only failures of the same kind count while shrinking, so that a simpler input
            // that merely times out never replaces the real bug.
            var smallestFailure = first
            let shrunk = InputGenerator.shrink(input, spec: spec, budget: Self.shrinkBudget) { candidate in
                guard let found = failure(for: candidate), found.kind == first.kind else { return false }
                smallestFailure = found
                return true
            }
            return (smallestFailure, CaseVariation(
                seed: spec.seed, run: "input \(index + 1) of \(spec.count)", input: .object(shrunk.input),
                originalInput: shrunk.steps > 0 ? .object(input) : nil,
                detail: shrunk.steps > 0 ? "shrunk in \(shrunk.steps) step\(shrunk.steps == 1 ? "" : "s")" : nil))
        }
        return (nil, nil)
    }

    /// A calibration run with no kill (which must pass, and times the call), then one run per
    /// repetition killing the `kill_during` call at a seeded fraction of that time.
    private func runCrashing(_ testCase: TestCase, plan: CrashPlan, exercise: Exercise, bundle: AppBundle,
                             reference: CaseRun?) -> (StepFailure?, CaseVariation?) {
        let killIndex = testCase.steps.firstIndex { if case .killDuring = $0 { return true } else { return false } } ?? 0
        guard case .killDuring(let call) = testCase.steps[killIndex] else { return (nil, nil) }
        var calibration: CaseRun?
        if let failure = attempt(testCase, exercise: exercise, bundle: bundle, reference: reference,
                                 killAfter: nil, observed: &calibration) {
            return (failure, CaseVariation(seed: plan.seed, run: "the run without a kill",
                                           detail: "nothing was killed in this run"))
        }
        // The moments are stratified: repetition k of n is killed in its own slice of the call's
        // time (slices shuffled, a random point in each), so a torn-write window of 1/n of the
        // call is always hit. A call that answers before its kill shows the call is quicker
        // than measured, and the time still to cover shrinks to what it took.
        var full = calibration.flatMap { killIndex < $0.steps.count ? $0.steps[killIndex].duration : nil } ?? 0
        var random = SeededRandom(seed: plan.seed)
        let slices = (0..<plan.repetitions).shuffled(using: &random)
        for (repetition, slice) in zip(1..., slices) {
            let fraction = (Double(slice) + Double.random(in: 0..<1, using: &random)) / Double(plan.repetitions)
            let delay = fraction * full
            var killedRun: CaseRun?
            if var failure = attempt(testCase, exercise: exercise, bundle: bundle, reference: reference, killAfter: delay, observed: &killedRun) {
                failure.message += " (after a kill part-way through \(call.operation))"
                return (failure, CaseVariation(
                    seed: plan.seed, run: "repetition \(repetition) of \(plan.repetitions)",
                    detail: String(format: "killed %.1f ms into %@ (%.0f%% of the %.1f ms it took without a kill)",
                                   delay * 1000, call.operation, fraction * 100, full * 1000)))
            }
            if let answered = killedRun?.answeredBeforeKill { full = min(full, answered) }
        }
        return (nil, nil)
    }
}

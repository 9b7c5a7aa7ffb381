import Foundation

/// One run of a concrete case, judged step by step and then on its container: what every
/// runner repeats, once for a plain case, once per input or repetition for the others.
struct CaseAttempt: Sendable {
    let launcher: any CaseLaunching
    /// The reference's run of a concrete case, asked for only when the learner's run answered a
    /// step with a driver fault and no reference run was at hand: the fault is the course's only
    /// when the reference faults at the same step.
    var referenceWitness: (@Sendable (TestCase) -> CaseRun?)? = nil
    /// Where a run that ran out of time on an overloaded machine, and was run again, is noted.
    var overloadRetries: OverloadRetries? = nil
    /// How busy the machine is (``MachineLoad/now()`` when grading); nil never runs a case again.
    var machineLoad: (@Sendable () -> MachineLoad?)? = nil
    /// Whether the job this case belongs to has already shown what it must (a mutant caught by
    /// its other cases, ``StopRule``): a case of many runs then starts no more of them, and the
    /// grader counts the case as not run. Once true, it stays true.
    var abandoned: (@Sendable () -> Bool)? = nil

    /// Whether the rest of this case's runs are no longer needed.
    var isAbandoned: Bool { abandoned?() ?? false }

    /// What one attempt found.
    struct Outcome {
        /// The first failing step or check; nil when the run passed.
        var failure: StepFailure?
        /// What the run observed, when it could be made.
        var run: CaseRun?
    }

    /// Runs `testCase` and judges it against its literal expectations or `reference`.
    /// - Parameter plan: for a crash case, when to kill its `kill_during` call and which container
    ///   to start from or save; the call limits of a performance case are added here.
    func run(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, reference: CaseRun?,
             plan: LaunchPlan = .plain) -> Outcome {
        var outcome = runOnce(testCase, exercise: exercise, bundle: bundle, reference: reference, plan: plan)
        // A time limit judges the learner's code, not the machine: a run that ran out of time
        // while the machine was overloaded is run again, up to twice more while the machine
        // stays overloaded, and the last run's verdict stands.
        for _ in 1..<Self.runsWhenOverloaded {
            guard let failure = outcome.failure, Self.isOverloadFailure(failure),
                  let load = machineLoad?(), load.isOverloaded else { break }
            overloadRetries?.record("run again: a run of this case \(Self.isTimeFailure(failure) ? "ran out of time" : "could not start the app") while the machine was busy (\(load.description))")
            outcome = runOnce(testCase, exercise: exercise, bundle: bundle, reference: reference, plan: plan)
        }
        return outcome
    }

    /// The runs a case gets at most when each ends out of time on an overloaded machine.
    static let runsWhenOverloaded = 3

    /// A failure an overloaded machine can cause: one out of time (``isTimeFailure(_:)``), or a
    /// launch the grader could not start (its launch server did not answer in time).
    static func isOverloadFailure(_ failure: StepFailure) -> Bool {
        isTimeFailure(failure) || failure.kind == .graderFault
    }

    /// A failure that a machine too busy to run the app could cause: a launch or a case out of
    /// time, or a performance case's call too slow. Not CPU time, which counts only the app's
    /// own running; not a batch's time budget, which a second run would only spend again.
    static func isTimeFailure(_ failure: StepFailure) -> Bool {
        switch failure.kind {
        case .timedOut, .tooSlow: return true
        case .limitExceeded:
            if case .caseTime? = failure.limit { return true }
            return false
        default: return false
        }
    }

    private func runOnce(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, reference: CaseRun?,
                         plan: LaunchPlan) -> Outcome {
        var failure: StepFailure?
        var fault: (step: Int, text: String)?
        do {
            var plan = plan
            plan.callLimits = Self.callLimits(testCase, reference: reference)
            let run = try launcher.run(testCase, bundle: bundle, exercise: exercise, plan: plan) { index, run in
                failure = StepJudge.judge(testCase.steps[index], index: index, run: run,
                                          reference: reference.flatMap { index < $0.steps.count ? $0.steps[index] : nil })
                failure?.steps = testCase.steps[...index].map(\.action)
                if failure?.kind == .driverFault, case .replied(.fault(let text)) = run.event { fault = (index, text) }
                return failure != nil
            }
            if let found = failure, let fault {
                failure = attributeFault(found, text: fault.text, at: fault.step, of: testCase, reference: reference)
            }
            if failure == nil {
                failure = ContainerJudge.judge(testCase.container, observed: run.container,
                                               reference: reference?.container, stepCount: testCase.steps.count)
                if let check = failure?.step { failure?.steps = testCase.steps.map(\.action) + [check] }
            }
            return Outcome(failure: failure.map { Self.namingFiles($0, of: exercise) }, run: run)
        } catch {
            return Outcome(failure: StepFailure(kind: .graderFault, stepIndex: 0, step: .launch,
                                                message: "the grader could not start the app: \(error)", stdout: "", stderr: ""))
        }
    }

    /// The failure with the exercise's files named as the compiler names them, by their path in
    /// the course (`Exercises/…/Solution.swift:21`). A trap's message names its file by `#fileID`,
    /// the module and the file's name (`App/Solution.swift:21`), which is nowhere on the learner's disk.
    static func namingFiles(_ failure: StepFailure, of exercise: Exercise) -> StepFailure {
        var failure = failure
        for file in exercise.learnerFiles + ["Driver.swift"] {
            let name = (file as NSString).lastPathComponent
            let pattern = "(?<![A-Za-z0-9_./-])" + NSRegularExpression.escapedPattern(for: "\(AppBundle.executableName)/\(name):") + "(?=[0-9])"
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            let shown = NSRegularExpression.escapedTemplate(for: "\(exercise.displayPath)/\(file):")
            for keyPath in [\StepFailure.message, \StepFailure.stderr] {
                let text = failure[keyPath: keyPath]
                failure[keyPath: keyPath] = expression.stringByReplacingMatches(
                    in: text, range: NSRange(text.startIndex..., in: text), withTemplate: shown)
            }
        }
        return failure
    }

    /// A driver fault in the learner's run is the course's defect only when the reference's run
    /// of the same case faults at the same step too. Otherwise it is the learner's: a fault the
    /// learner's code wrote itself, or arguments the driver cannot decode into the learner's types.
    func attributeFault(_ fault: StepFailure, text: String, at index: Int, of testCase: TestCase,
                        reference: CaseRun?) -> StepFailure {
        guard let witness = reference ?? referenceWitness?(testCase) else { return fault }
        if index < witness.steps.count, case .replied(.fault) = witness.steps[index].event { return fault }
        var failure = fault
        failure.kind = .malformedReply
        failure.message = StepJudge.learnerFaultMessage(text)
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

    /// The failure a case gets when the reference it is compared with gave nothing.
    static func referenceFailure(_ reference: Result<CaseRun, GraderError>?) -> StepFailure {
        var reason = "the reference implementation was not built"
        if case .failure(let error)? = reference { reason = "the reference could not run: \(error)" }
        return StepFailure(kind: .referenceFailed, stepIndex: 0, step: .reference,
                           message: "\(reason). This is a problem with the course, not your code.",
                           stdout: "", stderr: "")
    }
}

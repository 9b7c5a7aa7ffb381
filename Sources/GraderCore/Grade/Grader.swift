import Foundation

/// Grades exercises: builds each variant and each reference once, schedules every case (and,
/// through its runner, every input and repetition) on the work pool, reuses what its caches
/// hold, and returns result values (never prints).
///
/// Running and judging one case is the runners' work (``PlainCaseRunner``,
/// ``GeneratedCaseRunner``, ``CrashCaseRunner``); the grader only decides what runs and keeps.
public final class Grader: @unchecked Sendable {
    public let options: GraderOptions
    package let builder: any ExerciseBuilding
    let launcher: any CaseLaunching
    let references: ReferenceRuns
    let verdicts: VerdictCache
    let mutantPatcher: MutantPatcher
    /// Where runs keep what lasts only as long as this grader (patched mutants, saved containers).
    let scratchDirectory: URL
    /// Kept alive while the grader is: its containers folder is removed with it.
    private let workbench: Workbench?

    /// A grader on `workbench`'s build engine and sandbox. Its cached runs and verdicts are kept
    /// apart per way of launching, so that `--launch exec` runs exec'd launches, not a fork's verdicts.
    convenience init(workbench: Workbench, options: GraderOptions) {
        self.init(builder: workbench.engine, launcher: workbench.caseLauncher, workDirectory: workbench.workDirectory,
                  scratchDirectory: workbench.containersDirectory,
                  graderIdentity: workbench.engine.toolchain.graderIdentity + " launch=\(workbench.launcher.mode.rawValue)",
                  options: options, workbench: workbench)
    }

    /// - Parameters:
    ///   - builder: builds binaries; `launcher`: runs cases (stand-ins in the scheduler's tests).
    ///   - workDirectory: where the reference runs and verdicts are cached.
    ///   - scratchDirectory: where patched mutants and saved containers are written, anew on every run.
    ///   - graderIdentity: part of every cached run's and verdict's key.
    init(builder: any ExerciseBuilding, launcher: any CaseLaunching, workDirectory: URL, scratchDirectory: URL,
         graderIdentity: String, options: GraderOptions, workbench: Workbench? = nil) {
        self.options = options
        self.builder = builder
        self.launcher = launcher
        self.workbench = workbench
        references = ReferenceRuns(launcher: launcher,
                                   cache: JSONCache(directory: workDirectory.appendingPathComponent("reference-runs")),
                                   graderIdentity: graderIdentity)
        verdicts = VerdictCache(cache: JSONCache(directory: workDirectory.appendingPathComponent("case-results")),
                                graderIdentity: graderIdentity)
        self.scratchDirectory = scratchDirectory
        mutantPatcher = MutantPatcher(directory: scratchDirectory.appendingPathComponent("mutants"))
    }

    package var pool: WorkPool { WorkPool(jobs: options.jobs) }

    /// The limits this machine does not enforce, and why (none for a grader without a sandbox).
    public var unenforcedLimits: [UnenforcedLimit] { workbench?.launcher.sandbox.unenforcedLimits ?? [] }

    /// A build of one variant of one exercise.
    package struct Job {
        package var exercise: Exercise
        package var variant: SourceVariant
        /// Cases not started by then are not run and count as failed, and a case running then is
        /// stopped (a batch's per-student time budget); nil for no limit.
        package var deadline: Date? { budget?.deadline }
        package var budget: TimeBudget?
        /// When the job has shown enough and its other cases are not run; nil for the options'
        /// rule (``GraderOptions/stopsAtFirstFailure``).
        package var stopRule: StopRule?

        package init(exercise: Exercise, variant: SourceVariant, budget: TimeBudget? = nil, stopRule: StopRule? = nil) {
            self.exercise = exercise
            self.variant = variant
            self.budget = budget
            self.stopRule = stopRule
        }
    }

    /// Grades `variant` of each exercise.
    /// - Parameter finished: told of each exercise's result as soon as it is known (its
    ///   build failed, or its last case ran), from the grading threads, one call at a time.
    public func grade(_ exercises: [Exercise], variant: SourceVariant = .learner,
                      finished: (@Sendable (ExerciseResult) -> Void)? = nil) throws -> [ExerciseResult] {
        let relay: (@Sendable (Int, ExerciseResult) -> Void)? = finished.map { tell in { @Sendable _, result in tell(result) } }
        return try grade(exercises.map { Job(exercise: $0, variant: variant) }, finished: relay)
    }

    /// Grades many (exercise, variant) pairs in one parallel run, sharing reference builds and runs.
    /// - Parameter finished: told of each job's result (with the job's index) as soon as it is
    ///   known, from the grading threads, one call at a time. The result it gets is the one
    ///   returned, except for its duration: the time until that job finished.
    package func grade(_ jobs: [Job], finished: (@Sendable (Int, ExerciseResult) -> Void)? = nil) throws -> [ExerciseResult] {
        let started = Date()
        // The waiting binaries are this run's: none is left, with its cgroup and container, once
        // it returns (a process that exits does not end them).
        defer { workbench?.servers.endAll() }
        let completion = JobCompletion(finished: finished)
        // 1. Each job's own build (learner or mutant); a mutant patch that no longer applies is
        // a course problem of that job alone.
        let ownIndices = jobs.indices.filter { jobs[$0].variant != .reference }
        let ownBuilds = pool.map(ownIndices) { index -> Result<BuildOutcome, Error> in
            Result { try self.build(jobs[index]) }
        }
        var buildFor: [Int: BuildOutcome] = [:]
        var problemFor: [Int: CourseProblem] = [:]
        for (index, result) in zip(ownIndices, ownBuilds) {
            switch result {
            case .success(let outcome): buildFor[index] = outcome
            case .failure(let problem as CourseProblem): problemFor[index] = problem
            case .failure(let error): throw error
            }
        }
        // What does not build is finished: its result is known before any case runs.
        for index in ownIndices {
            if problemFor[index] == nil, case .built? = buildFor[index] { continue }
            completion.announce(index, self.result(of: jobs[index], build: buildFor[index], problem: problemFor[index],
                                                   cases: [], duration: Date().timeIntervalSince(started)))
        }

        // 2. Each exercise's reference, built once, only where something will be compared with
        // it: a learner whose code does not compile needs no reference run.
        let exercisesNeedingReference = uniqueExercises(jobs.indices.filter { index in
            let job = jobs[index]
            if job.variant == .reference { return true }
            guard case .built? = buildFor[index] else { return false }
            return job.exercise.cases.contains(where: \.needsReference)
        }.map { jobs[$0].exercise })
        let referenceBuilds = try pool.map(exercisesNeedingReference) { exercise -> Result<BuildOutcome, Error> in
            Result { try self.builder.buildReference(of: exercise) }
        }.map { try $0.get() }
        var referenceByExercise: [String: AppBundle] = [:]
        for (exercise, outcome) in zip(exercisesNeedingReference, referenceBuilds) {
            if case .built(let bundle) = outcome { referenceByExercise[exercise.id] = bundle }
        }
        for (index, job) in jobs.enumerated() where job.variant == .reference {
            buildFor[index] = zip(exercisesNeedingReference, referenceBuilds).first { $0.0.id == job.exercise.id }?.1
        }

        // 3. Every case of every built job is a work item; a case's runner hands out its inputs
        // or repetitions as work items of their own.
        var queued: [(job: Int, cases: [TestCase], bundle: AppBundle)] = []
        for (index, job) in jobs.enumerated() {
            guard case .built(let bundle)? = buildFor[index] else {
                if job.variant == .reference {
                    completion.announce(index, self.result(of: job, build: buildFor[index], problem: nil, cases: [],
                                                           duration: Date().timeIntervalSince(started)))
                }
                continue
            }
            let cases = stopRule(of: job).map { $0.ordered(job.exercise.cases) } ?? job.exercise.cases
            queued.append((index, cases, bundle))
            completion.expect(job.exercise.cases.count, casesOf: index)
            if job.exercise.cases.isEmpty {
                completion.announce(index, self.result(of: job, build: buildFor[index], problem: nil, cases: [],
                                                       duration: Date().timeIntervalSince(started)))
            }
        }
        let tasks = Self.takingTurns(queued) { index in self.stopRule(of: jobs[index]) == nil ? nil : jobs[index].exercise.id }
        let finishedCases = FinishedCases()
        let caseResults = pool.map(tasks) { task in
            let exercise = jobs[task.job].exercise
            let pastDeadline = jobs[task.job].deadline.map { Date() >= $0 } ?? false
            let result: CaseResult
            let rule = self.stopRule(of: jobs[task.job])
            let shownEnough = rule.map { rule in { @Sendable in finishedCases.meet(rule, job: task.job) } }
            if pastDeadline || shownEnough?() ?? false {
                result = CaseResult.notRun(task.testCase)
            } else {
                result = self.grade(task.testCase, exercise: exercise, bundle: task.bundle,
                                    referenceBundle: referenceByExercise[exercise.id], budget: jobs[task.job].budget,
                                    abandoned: shownEnough)
                finishedCases.insert(result, of: task.testCase, job: task.job)
            }
            if let cases = completion.add(result, to: task.job) {
                completion.announce(task.job, ExerciseResult.summarizing(exercise, cases: cases,
                                                                         duration: Date().timeIntervalSince(started)))
            }
            return (task.job, result)
        }
        var casesByJob: [Int: [CaseResult]] = [:]
        for (job, result) in caseResults { casesByJob[job, default: []].append(result) }

        // 4. Results.
        let elapsed = Date().timeIntervalSince(started)
        return jobs.enumerated().map { index, job in
            result(of: job, build: buildFor[index], problem: problemFor[index],
                   cases: (casesByJob[index] ?? []).sorted { $0.index < $1.index }, duration: elapsed)
        }
    }

    /// The work items in the order the pool starts them: job after job, each job's cases in
    /// its order, except that neighbouring jobs of one exercise that stop once they have shown
    /// enough (verify's mutants; `turns` gives their exercise's id) take turns, one case each.
    /// A mutant's second case then starts after every other mutant's first, by when its own first
    /// case has usually told whether the second is needed; job after job, the pool's other
    /// workers would start it beside the first.
    static func takingTurns<Case, Bundle>(_ queued: [(job: Int, cases: [Case], bundle: Bundle)],
                                          turns: (Int) -> String?) -> [(job: Int, testCase: Case, bundle: Bundle)] {
        var tasks: [(job: Int, testCase: Case, bundle: Bundle)] = []
        var group: [(job: Int, cases: [Case], bundle: Bundle)] = []
        var groupKey: String?
        func flush() {
            for rank in 0..<(group.map(\.cases.count).max() ?? 0) {
                for entry in group where rank < entry.cases.count { tasks.append((entry.job, entry.cases[rank], entry.bundle)) }
            }
            group = []
            groupKey = nil
        }
        for entry in queued {
            let key = turns(entry.job)
            if key == nil || key != groupKey { flush() }
            if let key {
                groupKey = key
                group.append(entry)
            } else {
                tasks += entry.cases.map { (entry.job, $0, entry.bundle) }
            }
        }
        flush()
        return tasks
    }

    /// When `job` stops running cases: its own rule, or the options'.
    private func stopRule(of job: Job) -> StopRule? {
        job.stopRule ?? (options.stopsAtFirstFailure ? .firstFailure : nil)
    }

    /// A job's result from its build (or the course problem that stopped it) and its cases.
    private func result(of job: Job, build: BuildOutcome?, problem: CourseProblem?, cases: [CaseResult],
                        duration: TimeInterval) -> ExerciseResult {
        if let problem {
            return ExerciseResult.courseProblem(job.exercise, problem, duration: duration)
        }
        if case .failed(let diagnostics)? = build {
            return ExerciseResult.notCompiled(job.exercise, diagnostics, isReference: job.variant == .reference,
                                              duration: duration)
        }
        return ExerciseResult.summarizing(job.exercise, cases: cases, duration: duration)
    }

    /// Grades one case: its verdict from the cache when every input is unchanged, otherwise
    /// from the runner for its kind.
    /// - Parameters:
    ///   - budget: when the job's time runs out, and its length: a case running then is
    ///     stopped (the learner's runs only; the reference's are the course's).
    ///   - abandoned: whether the job has shown enough (``StopRule``): a case of many runs then
    ///     stops starting them, and is not run as far as its result says.
    func grade(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, referenceBundle: AppBundle?,
               budget: TimeBudget? = nil, abandoned: (@Sendable () -> Bool)? = nil) -> CaseResult {
        let launcher = budget.map { BudgetedLauncher(base: self.launcher, budget: $0) as any CaseLaunching } ?? self.launcher
        let started = Date()
        // A generated case's reference runs depend on its inputs: its runner makes them.
        var reference: Result<CaseRun, GraderError>?
        if testCase.inputs == nil, testCase.exploration == nil, testCase.needsReference, let referenceBundle {
            reference = references.run(exercise, referenceBundle, testCase)
        }
        let referenceRun = try? reference?.get()
        let key = verdicts.key(testCase, exercise: exercise, bundle: bundle, referenceBundle: referenceBundle,
                               reference: referenceRun, shrinksFailures: options.shrinksFailures, exploration: options)
        if options.reusesResults, let cached = verdicts.load(key) { return cached }

        var attempt = CaseAttempt(launcher: launcher)
        let retries = OverloadRetries()
        attempt.overloadRetries = retries
        attempt.machineLoad = { MachineLoad.now() }
        attempt.abandoned = abandoned
        attempt.referenceWitness = { [self] instance in
            // Built on demand when no case needed it: asked for only after a learner's fault.
            let bundle = referenceBundle ?? {
                if case .built(let built)? = try? self.builder.buildReference(of: exercise) { return built }
                return nil
            }()
            return bundle.flatMap { try? self.references.run(exercise, $0, instance).get() }
        }
        var failure: StepFailure?
        var variation: CaseVariation?
        switch testCase.kind {
        case .generated(let spec):
            (failure, variation) = GeneratedCaseRunner(attempt: attempt, references: references, pool: pool,
                                                       shrinksFailures: options.shrinksFailures)
                .run(testCase, spec: spec, exercise: exercise, bundle: bundle, referenceBundle: referenceBundle)
        case .explored(var spec):
            if let seed = options.explorationSeed { spec.seed = seed }
            (failure, variation) = ExplorationRunner(
                attempt: attempt, references: references, pool: pool, shrinksFailures: options.shrinksFailures,
                sequences: spec.sequences,
                only: options.explorationSequence.map { min(max(1, $0), spec.sequences) })
                .run(testCase, spec: spec, exercise: exercise, bundle: bundle, referenceBundle: referenceBundle)
        case _ where testCase.needsReference && referenceRun == nil:
            // Without the reference's run there is nothing to compare with and no time to scale.
            failure = CaseAttempt.referenceFailure(reference)
        case .crash(let plan):
            (failure, variation) = CrashCaseRunner(attempt: attempt, pool: pool, scratchDirectory: scratchDirectory)
                .run(testCase, plan: plan, exercise: exercise, bundle: bundle, reference: referenceRun)
        case .plain:
            failure = PlainCaseRunner(attempt: attempt, launcher: launcher)
                .run(testCase, exercise: exercise, bundle: bundle, referenceBundle: referenceBundle, reference: referenceRun)
        }
        // Some of its runs may have been skipped: neither a verdict nor one to keep.
        if attempt.isAbandoned { return CaseResult.notRun(testCase) }
        var result = CaseResult(name: testCase.name, index: testCase.index, hidden: testCase.hidden,
                                weight: testCase.weight, status: failure == nil ? .passed : .failed,
                                failure: failure, duration: Date().timeIntervalSince(started), variation: variation,
                                environment: failure == nil ? nil : testCase.environment)
        if failure != nil { result.bundleChanges = testCase.bundle.map(BundleChanges.init) }
        // Kept without the note: a later run that reuses the verdict did not run it again.
        verdicts.store(result, key: key)
        var shown = result
        shown.overloadRetry = retries.summary
        return shown
    }

    private func uniqueExercises(_ exercises: [Exercise]) -> [Exercise] {
        var seen = Set<String>()
        return exercises.filter { seen.insert($0.id).inserted }
    }

    /// A job's own build: its files, or a generated mutant's copy of its schema's binary.
    func build(_ job: Job) throws -> BuildOutcome {
        if case .mutant(let name) = job.variant,
           case .schema(let schema, let number)? = job.exercise.mutants.first(where: { $0.name == name })?.form {
            return try builder.build(exercise: job.exercise, schema: schema, number: number, resources: resources(of: job))
        }
        return try builder.build(exercise: job.exercise, sources: try sources(of: job), resources: resources(of: job))
    }

    /// The files a job builds; a patch mutant's are written on demand.
    func sources(of job: Job) throws -> [URL] {
        switch job.variant {
        case .learner: return job.exercise.learnerSources
        case .submitted(let folder): return job.exercise.learnerFiles.map { folder.appendingPathComponent($0) }
        case .reference: return job.exercise.referenceSources
        case .mutant(let name):
            switch job.exercise.mutants.first(where: { $0.name == name })?.form {
            case .file(let url)?, .schema(let url, _)?: return [url]
            case .patch(let url)?:
                return try mutantPatcher.sources(ofMutant: name, patch: url, exercise: job.exercise)
            case .reference?: return job.exercise.referenceSources
            case nil: return []
            }
        }
    }

    /// What a job's bundle holds: the exercise's resources, and a mutant's own over them.
    func resources(of job: Job) -> BundleResources {
        var resources = job.exercise.bundleResources
        if case .mutant(let name) = job.variant,
           let folder = job.exercise.mutants.first(where: { $0.name == name })?.resources {
            resources.add(contentsOf: folder)
        }
        return resources
    }
}

/// How each job's finished cases ended so far, shared by concurrent work items: what its
/// ``StopRule`` is checked against.
final class FinishedCases: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Int: [CaseOutcome]] = [:]

    /// Records how `result`, a run of `testCase`, ended, for job `job`.
    func insert(_ result: CaseResult, of testCase: TestCase, job: Int) {
        guard let outcome = CaseOutcome(result, of: testCase) else { return }
        lock.lock()
        outcomes[job, default: []].append(outcome)
        lock.unlock()
    }

    /// Whether job `job`'s cases so far meet `rule`.
    func meet(_ rule: StopRule, job: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return rule.isMet(by: outcomes[job] ?? [])
    }
}

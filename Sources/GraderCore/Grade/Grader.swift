import Foundation

/// Which sources of an exercise to grade.
public enum SourceVariant: Sendable, Hashable {
    /// The learner's files in the exercise folder.
    case learner
    /// The reference implementation.
    case reference
    /// A known-wrong solution from `Mutants/`.
    case mutant(String)
}

/// Grades exercises: builds, runs every case in fresh containers, compares each step with its
/// expectation or the reference's result, and returns result values (never prints).
public final class Grader: @unchecked Sendable {
    public let course: Course
    let engine: BuildEngine
    let runner: CaseRunner
    let pool: WorkPool
    let referenceCache: JSONCache<CaseRun>
    let resultCache: JSONCache<CaseResult>
    let mutantPatcher: MutantPatcher
    /// Reuse the verdicts of cases whose inputs are all unchanged (`check` does; `verify` does not).
    public var reusesResults = false
    /// Shrink a failing generated input to a simpler one (`check` does; `verify` shows only
    /// which cases failed, so it does not pay for up to `shrinkBudget` more runs per failure).
    public var shrinksFailures = true
    let workDirectory: URL
    let containersDirectory: URL

    deinit {
        try? FileManager.default.removeItem(at: containersDirectory)
    }

    /// - Parameters:
    ///   - workDirectory: the grader's own folder (`.grader/` in the course): builds, caches,
    ///     containers.
    ///   - jobs: how many builds or cases run at once.
    public init(course: Course, toolchain: Toolchain, sandbox: Sandbox, workDirectory: URL, jobs: Int) {
        self.course = course
        self.workDirectory = workDirectory
        engine = BuildEngine(toolchain: toolchain, workDirectory: workDirectory, courseRoot: course.root)
        // Each grader has its own folder of containers, so graders sharing a work folder (tests,
        // two terminals) never touch each other's.
        containersDirectory = workDirectory.appendingPathComponent("containers/\(UUID().uuidString.prefix(12))")
        try? FileManager.default.createDirectory(at: containersDirectory, withIntermediateDirectories: true)
        runner = CaseRunner(sandbox: sandbox, workDirectory: containersDirectory)
        pool = WorkPool(jobs: jobs)
        referenceCache = JSONCache(directory: workDirectory.appendingPathComponent("reference-runs"))
        resultCache = JSONCache(directory: workDirectory.appendingPathComponent("case-results"))
        // Patched mutants live with the containers: they are rewritten on every run.
        mutantPatcher = MutantPatcher(directory: containersDirectory.appendingPathComponent("mutants"))
    }

    /// A build of one variant of one exercise.
    struct Job {
        var exercise: Exercise
        var variant: SourceVariant
    }

    /// Grades `variant` of each exercise.
    public func grade(_ exercises: [Exercise], variant: SourceVariant = .learner) throws -> [ExerciseResult] {
        try grade(exercises.map { Job(exercise: $0, variant: variant) })
    }

    /// Grades many (exercise, variant) pairs in one parallel run, sharing reference builds and runs.
    func grade(_ jobs: [Job]) throws -> [ExerciseResult] {
        let started = Date()
        // 1. Each job's own build (learner or mutant); a mutant patch that no longer applies is
        // a course problem of that job alone.
        let ownIndices = jobs.indices.filter { jobs[$0].variant != .reference }
        let ownBuilds = pool.map(ownIndices) { index -> Result<BuildOutcome, Error> in
            Result { try self.engine.build(exercise: jobs[index].exercise, sources: try self.sources(of: jobs[index])) }
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

        // 2. Each exercise's reference, built once, only where something will be compared with
        // it: a learner whose code does not compile needs no reference run.
        let exercisesNeedingReference = uniqueExercises(jobs.indices.filter { index in
            let job = jobs[index]
            if job.variant == .reference { return true }
            guard case .built? = buildFor[index] else { return false }
            return job.exercise.cases.contains(where: Self.needsReference)
        }.map { jobs[$0].exercise })
        let referenceBuilds = try buildReferences(exercisesNeedingReference)
        var referenceByExercise: [String: BuildOutcome] = [:]
        for (exercise, outcome) in zip(exercisesNeedingReference, referenceBuilds) {
            referenceByExercise[exercise.id] = outcome
        }
        for (index, job) in jobs.enumerated() where job.variant == .reference {
            buildFor[index] = referenceByExercise[job.exercise.id]
        }

        // 3. Reference runs for every case that compares with the reference (cached on disk).
        var referenceTasks: [(Exercise, AppBundle, TestCase)] = []
        for exercise in exercisesNeedingReference {
            guard case .built(let bundle)? = referenceByExercise[exercise.id] else { continue }
            // A randomized case's reference runs depend on its inputs: they are made as it runs.
            for testCase in exercise.cases where Self.needsReference(testCase) && testCase.inputs == nil {
                referenceTasks.append((exercise, bundle, testCase))
            }
        }
        let referenceRuns = pool.map(referenceTasks) { exercise, bundle, testCase in
            (key: "\(exercise.id)#\(testCase.index)", runs: self.referenceRuns(exercise, bundle, testCase))
        }
        var referenceFor: [String: Result<CaseRun, GraderError>] = [:]
        for entry in referenceRuns { referenceFor[entry.key] = entry.runs }

        // 4. The graded runs, one task per case.
        struct CaseTask {
            var job: Int
            var testCase: TestCase
        }
        var tasks: [CaseTask] = []
        for (index, job) in jobs.enumerated() {
            guard case .built? = buildFor[index] else { continue }
            tasks += job.exercise.cases.map { CaseTask(job: index, testCase: $0) }
        }
        let caseResults = pool.map(tasks) { task -> (Int, CaseResult) in
            let job = jobs[task.job]
            guard case .built(let bundle)? = buildFor[task.job] else { fatalError("unreachable: tasks exist only for built jobs") }
            let reference = referenceFor["\(job.exercise.id)#\(task.testCase.index)"]
            var referenceBundle: AppBundle?
            if case .built(let built)? = referenceByExercise[job.exercise.id] { referenceBundle = built }
            return (task.job, self.runCase(task.testCase, exercise: job.exercise, bundle: bundle,
                                           referenceBundle: referenceBundle, reference: reference))
        }
        var casesByJob: [Int: [CaseResult]] = [:]
        for (job, result) in caseResults { casesByJob[job, default: []].append(result) }

        // 5. Results.
        let elapsed = Date().timeIntervalSince(started)
        return jobs.enumerated().map { index, job in
            let exercise = job.exercise
            if let problem = problemFor[index] {
                return ExerciseResult(
                    id: exercise.id, title: exercise.title, status: .courseError, points: exercise.points, score: 0,
                    casesPassed: 0, casesTotal: exercise.cases.count, diagnostics: [], cases: [],
                    problems: [problem.description], duration: elapsed)
            }
            switch buildFor[index] {
            case .failed(let diagnostics)?:
                let isReference = job.variant == .reference
                return ExerciseResult(
                    id: exercise.id, title: exercise.title, status: isReference ? .courseError : .compileError,
                    points: exercise.points, score: 0, casesPassed: 0, casesTotal: exercise.cases.count,
                    diagnostics: diagnostics, cases: [],
                    problems: isReference ? ["the reference implementation does not compile"] : [], duration: elapsed)
            default:
                let cases = (casesByJob[index] ?? []).sorted { $0.index < $1.index }
                return Self.summarize(exercise, cases: cases, duration: elapsed)
            }
        }
    }

    static func needsReference(_ testCase: TestCase) -> Bool {
        testCase.timeLimit != nil || testCase.container.contains(where: \.comparesWithReference) || testCase.steps.contains { step in
            if case .call(let call) = step, call.expectation == .reference { return true }
            return false
        }
    }

    private func uniqueExercises(_ exercises: [Exercise]) -> [Exercise] {
        var seen = Set<String>()
        return exercises.filter { seen.insert($0.id).inserted }
    }

    private func buildReferences(_ exercises: [Exercise]) throws -> [BuildOutcome] {
        let results = pool.map(exercises) { exercise -> Result<BuildOutcome, Error> in
            Result { try self.engine.build(exercise: exercise, sources: exercise.referenceSources) }
        }
        return try results.map { try $0.get() }
    }

    /// The files a job builds; a patch mutant's are written on demand.
    func sources(of job: Job) throws -> [URL] {
        switch job.variant {
        case .learner: return job.exercise.learnerSources
        case .reference: return job.exercise.referenceSources
        case .mutant(let name):
            switch job.exercise.mutants.first(where: { $0.name == name })?.form {
            case .file(let url)?: return [url]
            case .patch(let url)?:
                return try mutantPatcher.sources(ofMutant: name, patch: url, exercise: job.exercise)
            case nil: return []
            }
        }
    }

    static func summarize(_ exercise: Exercise, cases: [CaseResult], duration: Double) -> ExerciseResult {
        let passed = cases.filter { $0.status == .passed }
        let totalWeight = cases.map(\.weight).reduce(0, +)
        let passedWeight = passed.map(\.weight).reduce(0, +)
        let courseFault = cases.contains { [.driverFault, .referenceFailed].contains($0.failure?.kind) }
        let status: ExerciseStatus = passed.count == cases.count ? .passed : (courseFault ? .courseError : .failed)
        return ExerciseResult(
            id: exercise.id, title: exercise.title, status: status, points: exercise.points,
            score: totalWeight > 0 ? Double(exercise.points) * passedWeight / totalWeight : 0,
            casesPassed: passed.count, casesTotal: cases.count, diagnostics: [], cases: cases,
            problems: courseFault ? ["a step could not be compared because of the course's driver or reference"] : [],
            duration: duration)
    }
}

import Foundation

/// Checks the course itself: every reference passes every case, every starter compiles and
/// fails at least one case, every mutant compiles and fails at least one case (its cases run
/// until it has, and has failed one case of each requirement it is listed under).
public struct CourseVerifier {
    let grader: Grader
    let lessons: LessonSuite
    /// Grades everything again with launches started the other way, and compares
    /// (`--compare-launches`).
    var launchComparison: LaunchComparison?

    /// - Parameters:
    ///   - grader: made with ``GraderOptions/verify(jobs:)``, so that everything runs again and
    ///     failing inputs are not shrunk (only whether a case fails is reported).
    ///   - lessons: checks the lessons' text.
    public init(grader: Grader, lessons: LessonSuite) {
        self.grader = grader
        self.lessons = lessons
    }

    /// Verifies `exercises` (reference, starter, mutants) and `lessons`' text, and reports
    /// `problems`, the course files' problems that concern them.
    /// - Parameter progress: told of each exercise and lesson as soon as it is verified, from
    ///   the grading threads, one call at a time.
    public func verify(_ exercises: [Exercise], lessons: [Lesson], problems: [CourseProblem],
                       progress: (@Sendable (VerifyProgress) -> Void)? = nil) throws -> VerifyReport {
        var jobs: [Grader.Job] = []
        for exercise in exercises {
            jobs.append(Grader.Job(exercise: exercise, variant: .reference))
            jobs.append(Grader.Job(exercise: exercise, variant: .learner))
            // A mutant has shown what verify asks of it once it fails a case, and one of the
            // cases of each requirement it breaks: its other cases are not run.
            jobs += exercise.mutants.map { mutant in
                let groups = exercise.requirements.filter { $0.mutants.contains(mutant.name) }.map { Set($0.cases) }
                return Grader.Job(exercise: exercise, variant: .mutant(mutant.name), stopRule: StopRule(groups: groups))
            }
        }
        let variants = VariantCollector(jobs: jobs) { graded in self.checks(graded) }
        let results = try grader.grade(jobs, finished: progress.map { tell in { @Sendable index, result in
            if let (id, checks) = variants.add(result, of: index) { tell(.exercise(id: id, checks: checks)) }
        } })
        // Each exercise's jobs, in order: they were made one exercise after another.
        var checks: [VerifyCheck] = []
        var start = 0
        while start < jobs.count {
            let end = jobs[start...].firstIndex { $0.exercise.id != jobs[start].exercise.id } ?? jobs.count
            checks += self.checks(Array(zip(jobs[start..<end], results[start..<end])))
            start = end
        }
        if let launchComparison {
            progress?(.comparingLaunches(files: jobs.count, exec: launchComparison.mode == .exec))
            checks += try launchComparison.checks(jobs, results: results)
        }
        let written = LessonSuite.written(lessons)
        if !written.isEmpty { progress?(.checkingLessons(count: written.count)) }
        let lessonResults = try self.lessons.check(lessons, finished: progress.map { tell in { @Sendable in tell(.lesson($0)) } })
        return VerifyReport(problems: problems, checks: checks, lessons: lessonResults)
    }

    /// The checks of one exercise's graded jobs: one per job, then one per requirement.
    private func checks(_ graded: [(job: Grader.Job, result: ExerciseResult)]) -> [VerifyCheck] {
        guard let exercise = graded.first?.job.exercise else { return [] }
        var mutants: [String: ExerciseResult] = [:]
        for (job, result) in graded { if case .mutant(let name) = job.variant { mutants[name] = result } }
        return graded.map { check($0.job, $0.result) }
            + exercise.requirements.map { RequirementCheck(requirement: $0, exercise: exercise.id).check(mutants: mutants) }
    }

    private func check(_ job: Grader.Job, _ result: ExerciseResult) -> VerifyCheck {
        let id = job.exercise.id
        switch job.variant {
        case .reference:
            let failures = result.cases.compactMap { testCase -> String? in
                guard let failure = testCase.failure else { return nil }
                let text = "case \"\(testCase.name)\", step \(failure.stepIndex + 1) (\(failure.step)): \(failure.message)"
                // A step the driver cannot run (an operation it does not have, arguments it
                // cannot read) is a mistake in exercise.yml: say where.
                guard failure.kind == .driverFault, job.exercise.stepPlaces.indices.contains(testCase.index),
                      job.exercise.stepPlaces[testCase.index].indices.contains(failure.stepIndex) else { return text }
                return "\(job.exercise.stepPlaces[testCase.index][failure.stepIndex]): \(text)"
            }
            var details = failures
            details += result.diagnostics.filter { $0.severity == .error }.map(Self.describe)
            return VerifyCheck(exercise: id, check: "reference passes every case",
                               passed: result.status == .passed, details: details)
        case .learner, .submitted:
            // `verify` grades the starters in place; a submitted folder is `batch`'s, never verify's.
            return starterScoresNothing(result, id: id, edited: Self.editedLearnerFiles(of: job.exercise))
        case .mutant(let name):
            return mustFail(result, id: id, what: "mutant \(name)", file: "Mutants/\(name)")
        }
    }

    private func mustFail(_ result: ExerciseResult, id: String, what: String, file: String) -> VerifyCheck {
        let check = "\(what) compiles and fails a case"
        switch result.status {
        case .compileError:
            let first = result.diagnostics.first { $0.severity == .error }.map(Self.describe) ?? "no diagnostic"
            return VerifyCheck(exercise: id, check: check, passed: false,
                               details: ["it does not compile, so no case is shown to catch it: \(first)"])
        case .passed:
            return VerifyCheck(exercise: id, check: check, passed: false,
                               details: ["it passes every case: add a case that catches what \(file) gets wrong"])
        case .courseError:
            return VerifyCheck(exercise: id, check: check, passed: false, details: result.problems)
        case .failed:
            // Cases not run once the mutant was caught count as failed, with no failure.
            let caught = result.cases.filter { $0.failure != nil }.map { "\"\($0.name)\"" }
            return VerifyCheck(exercise: id, check: check, passed: true,
                               details: ["caught by \(caught.joined(separator: ", "))"])
        }
    }

    /// An untouched starter must compile and earn no points: a case it passes gives marks for
    /// work nobody did.
    /// - Parameter edited: the learner files git says were changed since the course's last
    ///   commit: a learner's work, not the starter, so the check says to restore them.
    private func starterScoresNothing(_ result: ExerciseResult, id: String, edited: [String]) -> VerifyCheck {
        let check = "starter compiles and scores 0 points"
        if !edited.isEmpty, result.status != .failed || result.cases.contains(where: { $0.status == .passed }) {
            let files = edited.joined(separator: " ")
            return VerifyCheck(exercise: id, check: check, passed: false,
                               details: ["\(files) is not the starter: it was changed since the course's last commit (git status), so its result says nothing about the course. `verify` checks the course as shipped: put the starter back (`git stash`, or `git checkout -- \(files)`) and verify again"])
        }
        guard result.status == .failed || result.status == .passed else {
            var verdict = mustFail(result, id: id, what: "starter", file: "Solution.swift")
            verdict.check = check
            return verdict
        }
        let passed = result.cases.filter { $0.status == .passed }.map { "\"\($0.name)\"" }
        guard passed.isEmpty else {
            return VerifyCheck(exercise: id, check: check, passed: false,
                               details: ["the untouched Solution.swift passes \(passed.joined(separator: ", ")): make the starter fail every case (an empty body that throws or returns a wrong value), or make the case check something the starter does not do"])
        }
        return VerifyCheck(exercise: id, check: check, passed: true,
                           details: ["fails all \(result.cases.count) cases"])
    }

    /// The exercise's learner files (course-relative) that git reports as changed or new; none
    /// outside a git work tree or without git.
    static func editedLearnerFiles(of exercise: Exercise) -> [String] {
        let paths = exercise.learnerFiles.map { exercise.displayPath + "/" + $0 }
        guard let git = ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"].first(where: FileManager.default.isExecutableFile),
              let status = try? ChildProcess.run(git, ["-C", exercise.directory.path, "status", "--porcelain", "--"] + exercise.learnerFiles,
                                                 environment: ["PATH": "/usr/bin:/bin", "GIT_OPTIONAL_LOCKS": "0"], timeLimit: 10),
              status.termination == .exited(0) else { return [] }
        let changed = status.output.split(separator: "\n").filter { !$0.isEmpty }.count
        return changed > 0 ? paths : []
    }

    static func describe(_ diagnostic: Diagnostic) -> String {
        var location = diagnostic.file ?? "swiftc"
        if let line = diagnostic.line { location += ":\(line)" }
        return "\(location): \(diagnostic.message)"
    }
}

/// The variants of each exercise graded so far, shared by the grading threads: the exercise's
/// checks once its last variant is in (calls come one at a time, from ``Grader``).
private final class VariantCollector: @unchecked Sendable {
    private let jobs: [Grader.Job]
    private let checks: ([(job: Grader.Job, result: ExerciseResult)]) -> [VerifyCheck]
    private var waiting: [String: Int] = [:]
    private var graded: [String: [Int: ExerciseResult]] = [:]

    init(jobs: [Grader.Job], checks: @escaping ([(job: Grader.Job, result: ExerciseResult)]) -> [VerifyCheck]) {
        self.jobs = jobs
        self.checks = checks
        for job in jobs { waiting[job.exercise.id, default: 0] += 1 }
    }

    /// Records job `index`'s result; the exercise's id and checks, in the jobs' order, when it
    /// was the exercise's last.
    func add(_ result: ExerciseResult, of index: Int) -> (String, [VerifyCheck])? {
        let id = jobs[index].exercise.id
        graded[id, default: [:]][index] = result
        waiting[id, default: 1] -= 1
        guard waiting[id] == 0 else { return nil }
        let results = graded.removeValue(forKey: id) ?? [:]
        return (id, checks(results.sorted { $0.key < $1.key }.map { (jobs[$0.key], $0.value) }))
    }
}

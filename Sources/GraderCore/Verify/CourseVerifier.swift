import Foundation

/// Checks the course itself: every reference passes every case, every starter compiles and
/// fails at least one case, every mutant compiles and fails at least one case.
public struct CourseVerifier {
    let grader: Grader
    let lessons: LessonSuite

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
    public func verify(_ exercises: [Exercise], lessons: [Lesson], problems: [CourseProblem]) throws -> VerifyReport {
        var jobs: [Grader.Job] = []
        for exercise in exercises {
            jobs.append(Grader.Job(exercise: exercise, variant: .reference))
            jobs.append(Grader.Job(exercise: exercise, variant: .learner))
            jobs += exercise.mutants.map { Grader.Job(exercise: exercise, variant: .mutant($0.name)) }
        }
        let results = try grader.grade(jobs)
        let checks = zip(jobs, results).map { job, result in check(job, result) }
        let lessonResults = try self.lessons.check(lessons)
        return VerifyReport(problems: problems, checks: checks, lessons: lessonResults)
    }

    private func check(_ job: Grader.Job, _ result: ExerciseResult) -> VerifyCheck {
        let id = job.exercise.id
        switch job.variant {
        case .reference:
            let failures = result.cases.compactMap { testCase -> String? in
                guard let failure = testCase.failure else { return nil }
                return "case \"\(testCase.name)\", step \(failure.stepIndex + 1) (\(failure.step)): \(failure.message)"
            }
            var details = failures
            details += result.diagnostics.filter { $0.severity == .error }.map(Self.describe)
            return VerifyCheck(exercise: id, check: "reference passes every case",
                               passed: result.status == .passed, details: details)
        case .learner, .submitted:
            // `verify` grades the starters in place; a submitted folder is `batch`'s, never verify's.
            return starterScoresNothing(result, id: id)
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
            let caught = result.cases.filter { $0.status == .failed }.map { "\"\($0.name)\"" }
            return VerifyCheck(exercise: id, check: check, passed: true,
                               details: ["caught by \(caught.joined(separator: ", "))"])
        }
    }

    /// An untouched starter must compile and earn no points: a case it passes gives marks for
    /// work nobody did.
    private func starterScoresNothing(_ result: ExerciseResult, id: String) -> VerifyCheck {
        let check = "starter compiles and scores 0 points"
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

    static func describe(_ diagnostic: Diagnostic) -> String {
        var location = diagnostic.file ?? "swiftc"
        if let line = diagnostic.line { location += ":\(line)" }
        return "\(location): \(diagnostic.message)"
    }
}

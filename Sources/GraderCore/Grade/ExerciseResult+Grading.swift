import Foundation

/// How an exercise's result is made from what grading found.
extension ExerciseResult {
    /// The result of a job the course's own files kept from being graded (a mutant patch that
    /// no longer applies).
    static func courseProblem(_ exercise: Exercise, _ problem: CourseProblem, duration: Double) -> ExerciseResult {
        ExerciseResult(id: exercise.id, title: exercise.title, status: .courseError, points: exercise.points, score: 0,
                       casesPassed: 0, casesTotal: exercise.cases.count, diagnostics: [], cases: [],
                       problems: [problem.description], duration: duration, casesHash: exercise.casesHash)
    }

    /// The result of sources that did not compile: the learner's failure, or the course's when
    /// they are the reference.
    static func notCompiled(_ exercise: Exercise, _ diagnostics: [Diagnostic], isReference: Bool,
                            duration: Double) -> ExerciseResult {
        ExerciseResult(id: exercise.id, title: exercise.title, status: isReference ? .courseError : .compileError,
                       points: exercise.points, score: 0, casesPassed: 0, casesTotal: exercise.cases.count,
                       diagnostics: diagnostics, cases: [],
                       problems: isReference ? ["the reference implementation does not compile"] : [], duration: duration,
                       casesHash: exercise.casesHash)
    }

    /// The result of graded cases: passed when all passed, a course error when a step could not
    /// be compared because of the course, failed otherwise; the score weighs the passed cases.
    static func summarizing(_ exercise: Exercise, cases: [CaseResult], duration: Double) -> ExerciseResult {
        let passed = cases.filter { $0.status == .passed }
        let totalWeight = cases.map(\.weight).reduce(0, +)
        let passedWeight = passed.map(\.weight).reduce(0, +)
        let courseFault = cases.contains { $0.failure?.kind == .driverFault || $0.failure?.kind == .referenceFailed }
        let graderFault = cases.contains { $0.failure?.kind == .graderFault }
        let status: ExerciseStatus = passed.count == cases.count ? .passed : (courseFault || graderFault ? .courseError : .failed)
        var problems: [String] = []
        if courseFault { problems.append("a step could not be compared because of the course's driver or reference") }
        if graderFault { problems.append("the grader could not run a case on this machine: grade again") }
        return ExerciseResult(
            id: exercise.id, title: exercise.title, status: status, points: exercise.points,
            score: totalWeight > 0 ? Double(exercise.points) * passedWeight / totalWeight : 0,
            casesPassed: passed.count, casesTotal: cases.count, diagnostics: [], cases: cases,
            problems: problems,
            duration: duration, casesHash: exercise.casesHash)
    }
}

import Foundation
import GraderCore

/// One case of one exercise as the batch's formats list it: every case the exercise has, even
/// when the code did not compile (then from the course, each ``Verdict/notRun``).
struct CaseOutcome {
    enum Verdict: Equatable {
        case passed
        case failed
        /// The case could not be compared because of the course (driver or reference).
        case courseFault
        /// The exercise did not compile (or the course kept it from being graded).
        case notRun
    }

    var name: String
    var index: Int
    var hidden: Bool
    var verdict: Verdict
    /// The exercise's points this case is worth: its weight's share of them.
    var maxScore: Double
    var score: Double { verdict == .passed ? maxScore : 0 }
    var result: CaseResult?
    /// The case's steps as written in `exercise.yml`, when the course is known.
    var steps: [String]?

    /// The cases of `exercise`: its results, or, when it has none (a compile error), the
    /// course's cases for it; without those, one case named `build` worth all its points, so
    /// that no format loses an exercise's points.
    static func outcomes(of exercise: ExerciseResult, in course: Course?) -> [CaseOutcome] {
        let definitions = course?.exercises.first { $0.id == exercise.id }?.cases
        if exercise.cases.isEmpty {
            let cases = definitions ?? []
            if cases.isEmpty {
                return [CaseOutcome(name: "build", index: 0, hidden: false, verdict: .notRun,
                                    maxScore: Double(exercise.points), result: nil, steps: nil)]
            }
            let total = cases.map(\.weight).reduce(0, +)
            return cases.map { testCase in
                CaseOutcome(name: testCase.name, index: testCase.index, hidden: testCase.hidden, verdict: .notRun,
                            maxScore: total > 0 ? Double(exercise.points) * testCase.weight / total : 0,
                            result: nil, steps: testCase.steps.map(\.action.description))
            }
        }
        let total = exercise.cases.map(\.weight).reduce(0, +)
        return exercise.cases.map { result in
            let verdict: Verdict
            if result.status == .passed {
                verdict = .passed
            } else if result.failure?.kind.isNotTheLearners == true {
                verdict = .courseFault
            } else {
                verdict = .failed
            }
            let definition = definitions?.first { $0.index == result.index }
            return CaseOutcome(name: result.name, index: result.index, hidden: result.hidden, verdict: verdict,
                               maxScore: total > 0 ? Double(exercise.points) * result.weight / total : 0,
                               result: result, steps: definition?.steps.map(\.action.description))
        }
    }

    /// The name a learner may see: hidden cases are `hidden case N`, as in the JSON report.
    var shownName: String { hidden ? "hidden case \(index + 1)" : name }
}

import Foundation

/// Statuses are an enum, never strings compared by hand.
public enum ExerciseStatus: String, Codable, Sendable {
    case passed
    /// Compiled, but at least one case failed.
    case failed
    /// The learner's files did not compile.
    case compileError = "compile_error"
    /// The course's own files are broken for this exercise (not the learner's fault).
    case courseError = "course_error"
}

public struct ExerciseResult: Codable, Sendable {
    /// `lesson/exercise`.
    public var id: String
    public var title: String
    public var status: ExerciseStatus
    public var points: Int
    /// Points earned: `points` × the weight of passed cases over the total weight.
    public var score: Double
    public var casesPassed: Int
    public var casesTotal: Int
    /// Compiler messages, for `compile_error`.
    public var diagnostics: [Diagnostic]
    public var cases: [CaseResult]
    /// What is wrong with the course, for `course_error`.
    public var problems: [String]
    /// Wall-clock seconds spent on this exercise (build and runs).
    public var duration: Double
    /// SHA-256 of the exercise's case file (`exercise.yml`) as it was graded; nil only in
    /// reports written before it was recorded (Docs/report-format.md, revision 4).
    public var casesHash: String?
}

import Foundation

/// One check of `grader verify`.
public struct VerifyCheck: Codable, Sendable {
    public var exercise: String
    /// What was checked, such as `reference passes every case` or `mutant forgets-to-save fails`.
    public var check: String
    public var passed: Bool
    /// Why it failed.
    public var details: [String]
}

/// Everything `grader verify` found.
public struct VerifyReport: Codable, Sendable {
    public var schema = 1
    public var problems: [CourseProblem]
    public var checks: [VerifyCheck]
    /// Every written lesson, checked as `grader lessons check` does.
    public var lessons: [LessonResult] = []
    /// With `--mutants`: each exercise's mutation score.
    public var mutation: [MutationScore] = []
    /// The limits this machine did not enforce while verifying, and why.
    public var unenforcedLimits: [UnenforcedLimit] = []

    public var passedCount: Int {
        checks.filter(\.passed).count + lessons.filter(\.passed).count + mutation.filter(\.passed).count
    }
    public var failedCount: Int {
        checks.count - checks.filter(\.passed).count + problems.count + lessons.filter { !$0.passed }.count
            + mutation.filter { !$0.passed }.count
    }
    public var isClean: Bool { failedCount == 0 }
}

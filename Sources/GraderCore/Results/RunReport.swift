import Foundation

/// The outcome of grading a whole run: the value every report format renders.
///
/// Its JSON form (`grader check --format json`) is versioned by ``schema`` and documented in
/// `Docs/report-format.md`.
public struct RunReport: Codable, Sendable {
    /// The report format's version; a change that breaks readers increments it.
    public var schema = 1
    /// Additions since the schema's first form that readers may rely on: 2 adds each failure's
    /// steps as objects (`action`, `actions`) beside their text; 4 each exercise's `cases_hash`;
    /// 5 the limits not enforced and the `limit_exceeded` failures.
    public var revision = 9
    public var course: String
    public var exercises: [ExerciseResult]
    public var summary: Summary
    /// The limits this machine did not enforce during the run, and why (empty when all were).
    public var unenforcedLimits: [UnenforcedLimit] = []

    public struct Summary: Codable, Sendable, Hashable {
        public var passed: Int
        public var failed: Int
        /// Points earned over the exercises graded.
        public var score: Double
        public var points: Int
    }

    public init(course: String, exercises: [ExerciseResult]) {
        self.course = course
        self.exercises = exercises
        let passed = exercises.filter { $0.status == .passed }.count
        summary = Summary(passed: passed, failed: exercises.count - passed,
                          score: exercises.map(\.score).reduce(0, +), points: exercises.map(\.points).reduce(0, +))
    }
}

extension RunReport {
    /// The report a learner may see: hidden cases keep their status and weight, but lose their
    /// name and failure details.
    public func redactingHiddenCases() -> RunReport {
        var copy = self
        copy.exercises = exercises.map { exercise in
            var exercise = exercise
            exercise.cases = exercise.cases.map { testCase in
                guard testCase.hidden else { return testCase }
                var redacted = testCase
                redacted.name = "hidden case \(testCase.index + 1)"
                redacted.failure = nil
                redacted.variation = nil
                redacted.environment = nil
                redacted.bundleChanges = nil
                return redacted
            }
            return exercise
        }
        return copy
    }
}

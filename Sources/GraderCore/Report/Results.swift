import Foundation

/// The outcome of grading a whole run: the value every report format renders.
///
/// Its JSON form (`grader check --format json`) is versioned by ``schema`` and documented in
/// `Docs/report-format.md`.
public struct RunReport: Codable, Sendable {
    /// The report format's version; a change that breaks readers increments it.
    public var schema = 1
    public var course: String
    public var exercises: [ExerciseResult]
    public var summary: Summary

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
}

public enum CaseStatus: String, Codable, Sendable {
    case passed, failed
}

public struct CaseResult: Codable, Sendable {
    /// The case's name; `hidden case N` for hidden cases.
    public var name: String
    public var index: Int
    public var hidden: Bool
    public var weight: Double
    public var status: CaseStatus
    /// Why it failed; nil for passed cases and for hidden ones.
    public var failure: StepFailure?
    public var duration: Double
    /// The verdict was reused from an earlier run with identical inputs (see `--no-cache`).
    public var cached = false
    /// For a randomized or crash case that failed: which input or repetition, and its seed.
    public var variation: CaseVariation?
}

/// Which of a case's many runs failed, so that it can be reproduced.
public struct CaseVariation: Codable, Sendable, Hashable {
    public var seed: UInt64
    /// `input 12 of 50` or `repetition 4 of 20`.
    public var run: String
    /// For a randomized case: the smallest failing input found, one value per variable.
    public var input: JSONValue?
    /// For a randomized case: the input as first generated, before shrinking.
    public var originalInput: JSONValue?
    /// For a crash case: when the call was killed, such as `killed 3.1 ms into save (a full save took 9.8 ms)`.
    public var detail: String?
}

/// What went wrong in a failed step.
public enum FailureKind: String, Codable, Sendable {
    case wrongValue = "wrong_value"
    case wrongError = "wrong_error"
    case unexpectedError = "unexpected_error"
    case missingError = "missing_error"
    case wrongOutput = "wrong_output"
    case crashed
    case exited
    case timedOut = "timed_out"
    /// A call of a performance case (`timeout: 10x`) took longer than its limit, in two runs.
    case tooSlow = "too_slow"
    case outputLimit = "output_limit"
    case malformedReply = "malformed_reply"
    /// What the solution left in its container is not what the case's `container:` checks say.
    case wrongContainer = "wrong_container"
    /// The driver could not run the step: a course defect.
    case driverFault = "driver_fault"
    /// The reference implementation did not give a result to compare with: a course defect.
    case referenceFailed = "reference_failed"
}

public struct StepFailure: Codable, Sendable, Hashable {
    public var kind: FailureKind
    /// 0-based index of the failing step.
    public var stepIndex: Int
    /// The step as written, such as `call load {"model":"Seat"}` or `relaunch`.
    public var step: String
    /// Every step of the case up to and including the failing one, as written.
    public var steps: [String] = []
    /// One line saying what went wrong.
    public var message: String
    /// The first structural difference, for wrong values.
    public var mismatch: Mismatch?
    /// The whole expected and actual results, as JSON or text.
    public var expected: String?
    public var actual: String?
    /// What the learner's code printed during the step.
    public var stdout: String
    public var stderr: String
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
                return redacted
            }
            return exercise
        }
        return copy
    }
}

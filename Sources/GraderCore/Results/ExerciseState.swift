import Foundation

/// Where the learner stands on one exercise, as `grader list` and `grader next` show it: the
/// last result, whether the learner's files changed since it, and whether it was skipped.
public struct ExerciseState: Sendable, Equatable {
    /// The last result recorded, nil when the exercise was never checked.
    public var last: LastResult?
    /// The learner's files are not those the last result was graded with.
    public var edited: Bool
    public var skipped: Bool

    public init(last: LastResult? = nil, edited: Bool = false, skipped: Bool = false) {
        self.last = last
        self.edited = edited
        self.skipped = skipped
    }

    /// Passed with the learner's files as they are now.
    public var done: Bool { last?.status == .passed && !edited }
}

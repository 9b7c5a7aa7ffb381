import Foundation

/// What a running `grader verify` tells its caller as each piece is done (core code never
/// prints): an exercise once its reference, starter and mutants are all graded, a lesson once
/// its blocks have run.
public enum VerifyProgress: Sendable {
    /// Every variant of the exercise `id` is graded: its checks.
    case exercise(id: String, checks: [VerifyCheck])
    /// A lesson is checked.
    case lesson(LessonResult)
}

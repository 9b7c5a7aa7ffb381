import Foundation

/// What a running `grader verify` tells its caller as each piece is done (core code never
/// prints): an exercise once its reference, starter and mutants are all graded, a lesson once
/// its blocks have run, and the start of each part that follows the exercises: the comparison of
/// launches (`--compare-launches`), the lessons and the mutation score's work (`--mutants`).
public enum VerifyProgress: Sendable {
    /// Every variant of the exercise `id` is graded: its checks.
    case exercise(id: String, checks: [VerifyCheck])
    /// A lesson is checked.
    case lesson(LessonResult)
    /// Every exercise is graded; the `files` graded (references, starters, mutants) are now graded
    /// again with launches started the other way, exec'd (`exec`) or forked, to compare.
    case comparingLaunches(files: Int, exec: Bool)
    /// The blocks of `count` lessons now run.
    case checkingLessons(count: Int)
    /// Exercises and lessons are verified; mutants of these exercises' references are now
    /// generated and graded (`--mutants`).
    case scoringMutants(exercises: Int)
    /// Every generated mutant tried of `exercise` is graded: how many its cases caught, how many
    /// did not compile; `of` exercises are scored in all.
    case mutantsGraded(exercise: String, tried: Int, caught: Int, notCompiled: Int, of: Int)
}

/// The outcome of checking one lesson.
public struct LessonResult: Codable, Sendable {
    /// The lesson file, relative to the course root.
    public var lesson: String
    /// How many checks (`// Prints` groups, output blocks, marked blocks) ran.
    public var checks: Int
    public var failures: [LessonFailure]
    /// Defects of the file itself: unknown marks, unclosed blocks.
    public var problems: [CourseProblem]
    /// Stale checks that `--fix` rewrote.
    public var fixed: Int

    public var passed: Bool { failures.isEmpty && problems.isEmpty }
}

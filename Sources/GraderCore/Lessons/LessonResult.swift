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

/// One failed check, at a line of the lesson.
public struct LessonFailure: Codable, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    /// The expected and actual output, for checks of printed text.
    public var expected: [String]?
    public var actual: [String]?

    /// `Lessons/01-defaults.md:42: expected "…", got "…"`
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}



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

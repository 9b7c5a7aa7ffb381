import Foundation

/// A lesson and its exercises.
public struct Lesson: Sendable {
    /// The lesson's folder name, such as `01-defaults`.
    public var id: String
    public var title: String
    public var exercises: [Exercise]
    /// `Lessons/<id>.md`, which may not be written yet.
    public var file: URL

    /// The lesson file relative to the course root.
    public var displayPath: String { "Lessons/\(id).md" }
}

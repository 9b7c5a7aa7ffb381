import Foundation

/// The problems of one lesson file, thrown together.
public struct LessonProblems: Error, Sendable, CustomStringConvertible {
    public var problems: [CourseProblem]

    init(_ problems: [CourseProblem]) {
        self.problems = problems
    }

    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

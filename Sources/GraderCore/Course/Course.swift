import Foundation

/// A course, validated from `grader.yml` and every exercise's `exercise.yml`.
public struct Course: Sendable {
    /// The folder holding `grader.yml`.
    public var root: URL
    public var title: String
    public var lessons: [Lesson]
    /// The default limits from `grader.yml`, which lessons run under too.
    public var limits: Limits
    /// The least share of its generated mutants each exercise's cases must catch.
    public var mutationMinimum: Double = 0.9

    /// Every exercise, in course order.
    public var exercises: [Exercise] { lessons.flatMap(\.exercises) }

    /// The course's shared data (`Resources/`): in every lesson's app bundle, and in an
    /// exercise's bundle where its `exercise.yml` names it under `resources:`.
    public var resourcesDirectory: URL { root.appendingPathComponent("Resources") }
}

import Foundation

/// `grader.yml` validated: the course's lessons and where each exercise lives, known before any
/// exercise's own file is read, so that a command naming one exercise reads only that one.
public struct CourseManifest: Sendable {
    /// The folder holding `grader.yml`.
    public var root: URL
    public var title: String
    /// The default limits, which lessons run under too.
    public var limits: Limits
    /// The default points of an exercise.
    public var points: Int
    /// The least share of its generated mutants each exercise's cases must catch (`mutation_minimum`).
    public var mutationMinimum: Double = 0.9
    public var lessons: [LessonEntry]
    /// What is wrong with `grader.yml` (a lesson listed twice, an exercise with no `exercise.yml`).
    public var problems: [CourseProblem]
    /// The exercises `grader.yml` lists whose folder holds no `exercise.yml`, each with its
    /// problem: in no lesson, but named by `grader list` and found by name, so that a command
    /// naming one says why it cannot be used instead of "no exercise matches".
    public var missingExercises: [(entry: ExerciseEntry, problem: CourseProblem)] = []
    /// `handout.json` when the course is a student handout (`grader pack --student`), else nil.
    public var handout: HandoutManifest?

    /// Every exercise, in course order.
    public var exercises: [ExerciseEntry] { lessons.flatMap(\.exercises) }

    /// A lesson as the manifest lists it.
    public struct LessonEntry: Sendable {
        /// The lesson's folder name, such as `01-defaults`.
        public var id: String
        public var title: String
        public var exercises: [ExerciseEntry]
        /// `Lessons/<id>.md`, which may not be written yet.
        public var file: URL
    }

    /// An exercise as the manifest lists it: its names and folder.
    public struct ExerciseEntry: Sendable, Hashable {
        public var lessonID: String
        /// The folder's name, such as `01-car-settings`.
        public var slug: String
        public var directory: URL

        /// `lesson/exercise`, such as `01-defaults/01-car-settings`.
        public var id: String { "\(lessonID)/\(slug)" }
        /// The folder relative to the course root.
        public var displayPath: String { "Exercises/\(lessonID)/\(slug)" }
        /// The slug without its number: `car-settings`.
        public var shortName: String { Exercise.shortName(of: slug) }
    }
}

import Foundation

/// What a command works on, resolved from the names on its command line against the manifest.
public struct CourseScope: Sendable {
    /// The exercises to grade or verify, in the order named.
    public var exercises: [CourseManifest.ExerciseEntry]
    /// The lessons whose text is checked too (`grader verify` of a lesson or of the whole course).
    public var lessons: [CourseManifest.LessonEntry]
    /// Nothing was named: the whole course, whose every problem concerns the command.
    public var isWholeCourse: Bool

    /// No exercise at all: for commands about lessons only.
    public static let nothing = CourseScope(exercises: [], lessons: [], isWholeCourse: false)

    /// The whole course.
    public static func wholeCourse(_ manifest: CourseManifest) -> CourseScope {
        CourseScope(exercises: manifest.exercises, lessons: manifest.lessons, isWholeCourse: true)
    }

    /// Exercises named as `grader check` names them (an empty list is the whole course).
    public static func exercises(_ names: [String], in manifest: CourseManifest, currentDirectory: URL) throws -> CourseScope {
        guard !names.isEmpty else { return wholeCourse(manifest) }
        return CourseScope(exercises: try ExerciseSelector.select(names, in: manifest, currentDirectory: currentDirectory),
                           lessons: [], isWholeCourse: false)
    }

    /// Names as `grader verify` takes them: a lesson (by number, id, name or path) stands for its
    /// text and all its exercises; anything else names exercises.
    public static func verification(_ names: [String], in manifest: CourseManifest,
                                    currentDirectory: URL) throws -> CourseScope {
        guard !names.isEmpty else { return wholeCourse(manifest) }
        var scope = CourseScope(exercises: [], lessons: [], isWholeCourse: false)
        for name in names {
            if let lesson = LessonSelector.match(name, in: manifest.lessons) {
                if !scope.lessons.contains(where: { $0.id == lesson.id }) { scope.lessons.append(lesson) }
                scope.exercises += lesson.exercises
            } else {
                scope.exercises += try ExerciseSelector.select([name], in: manifest, currentDirectory: currentDirectory)
            }
        }
        var seen = Set<String>()
        scope.exercises = scope.exercises.filter { seen.insert($0.id).inserted }
        return scope
    }
}

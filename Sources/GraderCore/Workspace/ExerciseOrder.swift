import Foundation

/// The course's exercises in order, with which of them are done: what "the next exercise" means
/// for `grader watch`. Done means passed at its last check (`StatusStore`); the one place that
/// decides it, so that another record of progress can stand in for the statuses.
public struct ExerciseOrder: Sendable {
    /// Every exercise, in course order.
    public let exercises: [CourseManifest.ExerciseEntry]
    /// The ids of the exercises that are done.
    public let done: Set<String>

    public init(exercises: [CourseManifest.ExerciseEntry], done: Set<String>) {
        self.exercises = exercises
        self.done = done
    }

    /// The manifest's exercises, done when their last result passed.
    public init(manifest: CourseManifest, statuses: [String: LastResult]) {
        self.init(exercises: manifest.exercises,
                  done: Set(statuses.filter { $0.value.status == .passed }.map(\.key)))
    }

    public func isDone(_ id: String) -> Bool { done.contains(id) }

    /// The exercise after `id` in course order, done or not; nil after the last one (or for an
    /// id the course does not list).
    public func next(after id: String) -> CourseManifest.ExerciseEntry? {
        guard let index = exercises.firstIndex(where: { $0.id == id }), index + 1 < exercises.count else { return nil }
        return exercises[index + 1]
    }

    /// The first exercise after `id` that is not done, else the first one before it that is not
    /// (one left behind); nil when every other exercise is done.
    public func nextNotDone(after id: String) -> CourseManifest.ExerciseEntry? {
        let index = exercises.firstIndex { $0.id == id } ?? -1
        let after = exercises.suffix(from: index + 1)
        let before = exercises.prefix(max(index, 0))
        return (after + before).first { !isDone($0.id) }
    }

    /// The first of `candidates` (all the course's exercises by default) that is not done.
    public func firstNotDone(among candidates: [CourseManifest.ExerciseEntry]? = nil) -> CourseManifest.ExerciseEntry? {
        (candidates ?? exercises).first { !isDone($0.id) }
    }
}

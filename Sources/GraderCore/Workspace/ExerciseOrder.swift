import Foundation

/// The course's exercises in order, with which of them are done and which skipped: what "the
/// next exercise" means for `grader watch`. Done means passed with the learner's files as they
/// are now (`progress.json`, as `grader next` and `list` read it); a skipped exercise comes only
/// after every other one not done.
public struct ExerciseOrder: Sendable {
    /// Every exercise, in course order.
    public let exercises: [CourseManifest.ExerciseEntry]
    /// The ids of the exercises that are done.
    public let done: Set<String>
    /// The ids of the exercises the learner skipped (`grader skip`).
    public let skipped: Set<String>

    public init(exercises: [CourseManifest.ExerciseEntry], done: Set<String>, skipped: Set<String> = []) {
        self.exercises = exercises
        self.done = done
        self.skipped = skipped
    }

    /// The manifest's exercises, done when `progress` records a pass with the files of `loaded`
    /// as they are now (an exercise that does not load is never done).
    public init(manifest: CourseManifest, loaded: [Exercise], progress: CourseProgress) {
        let passed = loaded.filter { progress.isPassed($0.id, currentFiles: CourseProgress.fileHashes(of: $0)) }
        self.init(exercises: manifest.exercises, done: Set(passed.map(\.id)),
                  skipped: Set(manifest.exercises.map(\.id).filter(progress.isSkipped)))
    }

    public func isDone(_ id: String) -> Bool { done.contains(id) }

    /// The exercise after `id` in course order, done or not; nil after the last one (or for an
    /// id the course does not list).
    public func next(after id: String) -> CourseManifest.ExerciseEntry? {
        guard let index = exercises.firstIndex(where: { $0.id == id }), index + 1 < exercises.count else { return nil }
        return exercises[index + 1]
    }

    /// The first exercise after `id` that is not done, else the first one before it that is not
    /// (one left behind), skipped ones last; nil when every other exercise is done.
    public func nextNotDone(after id: String) -> CourseManifest.ExerciseEntry? {
        let index = exercises.firstIndex { $0.id == id } ?? -1
        let after = exercises.suffix(from: index + 1)
        let before = exercises.prefix(max(index, 0))
        return firstNotDone(among: Array(after + before))
    }

    /// The first of `candidates` (all the course's exercises by default) that is not done,
    /// skipped ones last.
    public func firstNotDone(among candidates: [CourseManifest.ExerciseEntry]? = nil) -> CourseManifest.ExerciseEntry? {
        let open = (candidates ?? exercises).filter { !isDone($0.id) }
        return open.first { !skipped.contains($0.id) } ?? open.first
    }
}

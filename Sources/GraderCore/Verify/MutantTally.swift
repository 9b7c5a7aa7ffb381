import Foundation

/// Counts the generated mutants of each exercise as their grades come in, so that
/// `grader verify --mutants` can say when an exercise's last one is graded. The grader's calls
/// never overlap, so a tally needs no lock.
final class MutantTally: @unchecked Sendable {
    private struct Count {
        var left = 0
        var tried = 0
        var caught = 0
        var notCompiled = 0
    }

    private let exerciseOfJob: [String]
    private let scored: Int
    private var counts: [String: Count] = [:]

    /// - Parameters:
    ///   - jobs: the mutants' grading jobs, in the order the grader numbers them.
    ///   - scored: how many exercises are scored in all.
    init(jobs: [Grader.Job], scored: Int) {
        exerciseOfJob = jobs.map(\.exercise.id)
        self.scored = scored
        for id in exerciseOfJob { counts[id, default: Count()].left += 1 }
    }

    /// Records job `index`'s status; returns the exercise's event when it was its last mutant.
    func record(_ index: Int, _ status: ExerciseStatus) -> VerifyProgress? {
        guard exerciseOfJob.indices.contains(index) else { return nil }
        let id = exerciseOfJob[index]
        var count = counts[id, default: Count()]
        count.left -= 1
        count.tried += 1
        switch status {
        case .compileError: count.notCompiled += 1
        case .failed, .courseError: count.caught += 1
        case .passed: break
        }
        counts[id] = count
        guard count.left == 0 else { return nil }
        return .mutantsGraded(exercise: id, tried: count.tried, caught: count.caught, notCompiled: count.notCompiled, of: scored)
    }
}

import Foundation
import GraderCore

/// One student's graded submission in a batch: what every batch output (the gradebook, the JSON
/// report, feedback files, JUnit, Gradescope and Exercism results, the class summary) is
/// written from.
public struct StudentReport: Codable, Sendable {
    /// The student's identifier: from the submission's name (an LMS's participant number) or the
    /// roster; unique within a batch.
    public var id: String
    /// The student's full name when known (an LMS folder name, the roster), else nil.
    public var name: String?
    /// Where the submission came from, relative to what the instructor named: a folder, a
    /// `.zip`, a `.tar.gz`.
    public var source: String
    /// The results of every exercise graded, in the course's order (exercises missing from the
    /// submission are graded as their untouched starters and listed in `notes`).
    public var exercises: [ExerciseResult]
    /// What the batch noticed about the submission itself, in plain sentences: unknown files
    /// ignored, exercises missing, a submission identical to the starters or to another
    /// student's, a time budget reached.
    public var notes: [String]
    /// Content hash of the learner files taken, so identical submissions can be found.
    public var submissionHash: String
    /// When grading finished (ISO 8601), and how long it took in seconds.
    public var gradedAt: String
    public var duration: Double
    /// The known bugs (hand-written mutants) that the student's failing exercises behave like,
    /// one entry per exercise that matched one; empty when none did, nil when the batch did not
    /// look (`--no-known-bugs`). Worked out again by every batch (``KnownBugFinder``).
    public var knownBugs: [KnownBugMatch]?

    public init(
        id: String, name: String? = nil, source: String, exercises: [ExerciseResult], notes: [String] = [],
        submissionHash: String, gradedAt: String, duration: Double, knownBugs: [KnownBugMatch]? = nil
    ) {
        self.id = id
        self.name = name
        self.source = source
        self.exercises = exercises
        self.notes = notes
        self.submissionHash = submissionHash
        self.gradedAt = gradedAt
        self.duration = duration
        self.knownBugs = knownBugs
    }

    /// Points earned over every exercise graded.
    public var score: Double { exercises.reduce(0) { $0 + $1.score } }
    /// Points available over every exercise graded.
    public var points: Int { exercises.reduce(0) { $0 + $1.points } }
}

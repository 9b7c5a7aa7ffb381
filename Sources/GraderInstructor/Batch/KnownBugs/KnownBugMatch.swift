import Foundation
import GraderCore

/// The known bugs one exercise of a student's submission behaves like (``StudentReport/knownBugs``).
public struct KnownBugMatch: Codable, Sendable, Hashable {
    /// The exercise's id, such as `01-defaults/01-car-settings`.
    public var exercise: String
    /// The mutants whose failures are the student's, closest first (``KnownBugMatcher``); never empty.
    public var mutants: [KnownBug]

    public init(exercise: String, mutants: [KnownBug]) {
        self.exercise = exercise
        self.mutants = mutants
    }
}

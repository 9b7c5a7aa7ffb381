import Foundation

/// An exercise's last result as `grader list` shows it, kept between runs.
public struct LastResult: Codable, Sendable, Equatable {
    public var status: ExerciseStatus
    public var casesPassed: Int
    public var casesTotal: Int
    public var checkedAt: Date
    /// SHA-256 of the case file the result was graded with (absent in files written before).
    public var casesHash: String?
}

import Foundation

/// How a case's kill steps are repeated: `repeat` fresh runs, each killing its
/// `kill_during` call at a moment drawn from `seed`.
public struct CrashPlan: Sendable, Hashable, Codable {
    public var repetitions: Int
    public var seed: UInt64
    /// Kill just before each change the call makes to the container's files (each creation,
    /// truncation, write, rename or removal), and once after the last, instead of at seeded
    /// moments; `repetitions` then caps how many of those points are tried.
    public var atEachFileChange = false
}

import Foundation

/// How a case's kill steps are repeated: `repeat` fresh runs, each killing its
/// `kill_during` call at a moment drawn from `seed`.
public struct CrashPlan: Sendable, Hashable, Codable {
    public var repetitions: Int
    public var seed: UInt64
}

import Foundation

/// `timeout: 10x`: a call may take `factor` times what the reference took for the same call,
/// and never less than `floor` seconds, so that a performance case is as fair on a slow
/// machine as on a fast one.
public struct RelativeTimeLimit: Sendable, Hashable, Codable {
    public var factor: Double
    public var floor: Double

    public static let defaultFloor = 0.25

    /// The limit for a call the reference answered in `referenceSeconds`.
    public func seconds(forReference referenceSeconds: Double) -> Double {
        max(floor, factor * referenceSeconds)
    }
}

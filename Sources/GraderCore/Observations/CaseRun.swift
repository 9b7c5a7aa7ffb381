import Foundation

/// What one run of a case observed: each step's run, then the container.
public struct CaseRun: Hashable, Sendable, Codable {
    public var steps: [StepRun]
    /// One observation per container assertion; empty when the steps stopped early.
    public var container: [ContainerObservation]
    /// When a `kill_during` call answered before its kill came: after how many seconds.
    public var answeredBeforeKill: Double?
}

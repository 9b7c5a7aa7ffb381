import ExerciseKit
import Foundation

/// One step's observation with the output the learner's code printed during it.
public struct StepRun: Hashable, Sendable, Codable {
    public var event: StepEvent
    public var stdout: String
    public var stderr: String
    /// Wall-clock seconds the step took.
    public var duration: Double
}

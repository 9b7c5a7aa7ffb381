import ExerciseKit
import Foundation

/// One step's observation with the output the learner's code printed during it.
public struct StepRun: Hashable, Sendable, Codable {
    public var event: StepEvent
    public var stdout: String
    public var stderr: String
    /// Wall-clock seconds the step took.
    public var duration: Double
    /// How many changes the call made to files in the container, when they were counted.
    public var fileChanges: Int?
    /// The driver asked that this reply's numbers compare with their type.
    public var numberTypes: Bool?
    /// A limit the launch had reached when the step ended (a fork refused, `/tmp` full…): a
    /// failure of the step is reported as this breach.
    public var breach: LimitBreach?
    /// Seconds the call waited for a processor on a busy machine, which its time limits did
    /// not count (``ProcessorWait``); nil when it waited for none worth counting.
    public var processorWait: Double?

    public init(event: StepEvent, stdout: String, stderr: String, duration: Double, fileChanges: Int? = nil) {
        self.event = event
        self.stdout = stdout
        self.stderr = stderr
        self.duration = duration
        self.fileChanges = fileChanges
    }
}

import Foundation

/// What went wrong in a failed step.
public struct StepFailure: Sendable, Hashable {
    public var kind: FailureKind
    /// 0-based index of the failing step (container checks count on after the last step).
    public var stepIndex: Int
    /// The failing step.
    public var step: StepAction
    /// Every step of the case up to and including the failing one.
    public var steps: [StepAction] = []
    /// One line saying what went wrong.
    public var message: String
    /// For `limitExceeded`: which limit, and its value.
    public var limit: LimitBreach?
    /// The first structural difference, for wrong values.
    public var mismatch: Mismatch?
    /// The whole expected and actual results, as JSON or text.
    public var expected: String?
    public var actual: String?
    /// What the learner's code printed during the step.
    public var stdout: String
    public var stderr: String
    /// For a timeout or a call too slow: the seconds the app waited for a processor on a busy
    /// machine, which its limit did not count. Measured per run, so it is kept out of `message`
    /// (the same file gets the same message on every run) and shown where one run is read.
    public var processorWait: Double? = nil
}

/// In JSON, the steps are objects (`action`, `actions`) and, for readers of the first revision
/// of the report, also text as written in `exercise.yml` (`step`, `steps`).
extension StepFailure: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, stepIndex, step, steps, action, actions, message, limit, mismatch, expected, actual, stdout, stderr,
             processorWait
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(FailureKind.self, forKey: .kind)
        stepIndex = try container.decode(Int.self, forKey: .stepIndex)
        step = try container.decode(StepAction.self, forKey: .action)
        steps = try container.decode([StepAction].self, forKey: .actions)
        message = try container.decode(String.self, forKey: .message)
        limit = try container.decodeIfPresent(LimitBreach.self, forKey: .limit)
        mismatch = try container.decodeIfPresent(Mismatch.self, forKey: .mismatch)
        expected = try container.decodeIfPresent(String.self, forKey: .expected)
        actual = try container.decodeIfPresent(String.self, forKey: .actual)
        stdout = try container.decode(String.self, forKey: .stdout)
        stderr = try container.decode(String.self, forKey: .stderr)
        processorWait = try container.decodeIfPresent(Double.self, forKey: .processorWait)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(stepIndex, forKey: .stepIndex)
        try container.encode(step.description, forKey: .step)
        try container.encode(steps.map(\.description), forKey: .steps)
        try container.encode(step, forKey: .action)
        try container.encode(steps, forKey: .actions)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(mismatch, forKey: .mismatch)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encodeIfPresent(actual, forKey: .actual)
        try container.encode(stdout, forKey: .stdout)
        try container.encode(stderr, forKey: .stderr)
        try container.encodeIfPresent(processorWait, forKey: .processorWait)
    }
}

import ExerciseKit
import Foundation

/// Which of a case's many runs failed, so that it can be reproduced.
public struct CaseVariation: Codable, Sendable, Hashable {
    public var seed: UInt64
    /// `input 12 of 50`, `repetition 4 of 20` or `sequence 7 of 24`.
    public var run: String
    /// For a randomized case: the smallest failing input found, one value per variable.
    public var input: JSONValue?
    /// For a randomized case: the input as first generated, before shrinking.
    public var originalInput: JSONValue?
    /// For a crash case: when the call was killed, such as `killed 3.1 ms into save (a full save took 9.8 ms)`.
    public var detail: String?
    /// For an exploration: the failing sequence, shrunk, as a case to paste into `exercise.yml`.
    public var sequence: String?
}

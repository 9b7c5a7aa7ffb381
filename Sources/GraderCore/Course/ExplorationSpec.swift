import ExerciseKit
import Foundation

/// What an exercise lets the grader explore: random sequences of its driver's operations, with
/// relaunches and kills between them, each run on the learner's and the reference's code and
/// compared step by step (`explore:` in `exercise.yml`).
public struct ExplorationSpec: Sendable, Hashable, Codable {
    /// One operation the sequences may call, and how its arguments are made.
    public struct Operation: Sendable, Hashable, Codable {
        public var name: String
        /// One generator per argument, sorted by name; empty for an operation without arguments.
        public var arguments: [InputSpec.Variable]
        /// How often it is picked, relative to the others.
        public var weight: Int
        /// Compare a thrown error's associated values and code with the reference's.
        public var errorDetails: Bool
        /// Compare arrays as multisets.
        public var unordered: Bool

        /// The name of the one argument generator that makes the whole argument (`argument:`).
        public static let wholeArgument = ""

        /// The generator of the whole argument, when the operation has one instead of members.
        public var wholeArgumentGenerator: ValueGenerator? {
            arguments.count == 1 && arguments[0].name == Self.wholeArgument ? arguments[0].generator : nil
        }
    }

    public var seed: UInt64
    /// Sequences tried, the same by `check`, `verify` and `batch`: an exploration's verdict
    /// depends on how many ran, and a student must see the verdict the instructor gives.
    public var sequences: Int
    /// The most calls in one sequence.
    public var length: Int
    public var operations: [Operation]
    /// The chance of a relaunch after a call.
    public var relaunch: Double
    /// The chance of a kill (SIGKILL) after a call.
    public var kill: Double
    /// Checks on the container after the sequence, compared with the reference's container.
    public var container: [ContainerAssertion]
}

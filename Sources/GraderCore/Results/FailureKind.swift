import Foundation

/// What went wrong in a failed step.
public enum FailureKind: String, Codable, Sendable {
    case wrongValue = "wrong_value"
    case wrongError = "wrong_error"
    case unexpectedError = "unexpected_error"
    case missingError = "missing_error"
    case wrongOutput = "wrong_output"
    case crashed
    case exited
    case timedOut = "timed_out"
    /// A call of a performance case (`timeout: 10x`) took longer than its limit, in two runs.
    case tooSlow = "too_slow"
    case outputLimit = "output_limit"
    /// A resource limit other than time and output: processes, total memory, `/tmp`, the
    /// container, CPU time, file size, or the case's total time (the failure's `limit` says which).
    case limitExceeded = "limit_exceeded"
    case malformedReply = "malformed_reply"
    /// What the solution left in its container is not what the case's `container:` checks say.
    case wrongContainer = "wrong_container"
    /// The driver could not run the step: a course defect.
    case driverFault = "driver_fault"
    /// The reference implementation did not give a result to compare with: a course defect.
    case referenceFailed = "reference_failed"
    /// The grader could not run the case on this machine (it could not start the app: a launch
    /// server that did not answer, a container it could not make): neither the learner's fault
    /// nor the course's; grading again on a machine in order gives the verdict.
    case graderFault = "grader_fault"

    /// Whether the failure says nothing about the learner's code: the course's driver or
    /// reference, or the grader on this machine, is at fault. Such a result is never cached.
    public var isNotTheLearners: Bool {
        [.driverFault, .referenceFailed, .graderFault].contains(self)
    }
}

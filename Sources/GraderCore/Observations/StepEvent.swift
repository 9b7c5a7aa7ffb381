import ExerciseKit
import Foundation

/// What happened when a step ran: the raw observation, before any comparison.
public enum StepEvent: Hashable, Sendable, Codable {
    /// A call got a reply.
    case replied(WireReply)
    /// The process died from a signal (a trap, `fatalError`, a force-unwrapped nil…).
    case crashed(signal: Int32)
    /// The process exited before replying.
    case exited(code: Int32)
    /// The launch's wall-clock limit ran out.
    case timedOut(seconds: Double)
    /// A call of a performance case took longer than `limit`: `factor` times the reference's
    /// `referenceSeconds` for the same call (or the case's floor). The app was stopped.
    case tooSlow(limit: Double, factor: Double, referenceSeconds: Double)
    /// The launch printed more than its output cap.
    case outputLimit(bytes: Int)
    /// The launch or the case went past a resource limit and was stopped.
    case limitExceeded(LimitBreach)
    /// The reply was not valid protocol JSON.
    case malformedReply(String)
    /// A reply without the launch's secret, or for another request: not the driver's.
    case forgedReply(String)
    /// A `relaunch` step: the process ended gracefully (or was not running).
    case relaunched
    /// A `kill` step: the process was killed.
    case killed
}

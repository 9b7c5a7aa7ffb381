import Foundation

/// One step of a case.
public enum Step: Sendable, Hashable, Codable {
    /// Call an operation of the driver.
    case call(Call)
    /// End the app gracefully (defaults are saved) and start a new process on the same container.
    case relaunch
    /// End the app abruptly with SIGKILL; the next call starts a new process.
    case kill
    /// Call an operation and kill the app with SIGKILL part-way through it, at a moment drawn
    /// from the case's seed; the next call starts a new process.
    case killDuring(Call)
    /// End the app gracefully, as `relaunch` does, and install a new version of it: the next
    /// launches run on the app bundle with these edits too (on top of the case's `bundle:` and
    /// of earlier updates); the container stays.
    case update(BundleEdits)
}

extension Step {
    /// Whether the step is a `call` (not a relaunch, a kill or a killed call).
    public var isCall: Bool {
        if case .call = self { return true }
        return false
    }
}

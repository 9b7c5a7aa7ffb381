import Foundation

/// A limit this machine could not enforce, and why: every report lists them, so that nobody
/// reads a run as bounded where it was not.
public struct UnenforcedLimit: Codable, Sendable, Hashable, CustomStringConvertible {
    public var resource: LimitBreach.Resource
    /// Why, and what applies instead: "no pids cgroup could be created here (…); RLIMIT_NPROC …".
    public var reason: String

    public init(resource: LimitBreach.Resource, reason: String) {
        self.resource = resource
        self.reason = reason
    }

    public var description: String { "\(resource.rawValue): \(reason)" }
}

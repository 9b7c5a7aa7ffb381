import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process ended.
public enum Termination: Hashable, Sendable, Codable {
    case exited(Int32)
    case signaled(Int32)
}

import ExerciseKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What was at a path of a container after a case's steps.
public enum ContainerObservation: Hashable, Sendable, Codable {
    case missing
    /// A regular file: its size and, where the assertion asks for it, its decoded content.
    case file(size: Int, content: FileContent?)
    /// A folder: its sorted names, folders ending in `/`.
    case directory([String])
    /// Something the grader will not read: a symbolic link, a device, a path through a file.
    case unreadable(String)

    public enum FileContent: Hashable, Sendable, Codable {
        /// A property list in this format (`xml-plist` or `binary-plist`) with this value.
        case plist(format: String, value: JSONValue)
        case json(JSONValue)
        case text(String)
        /// A SQLite database: what its checks and query found.
        case database(DatabaseSnapshot)
        /// The content is not what the assertion asked for, and why.
        case invalid(String)
    }
}

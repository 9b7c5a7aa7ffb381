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

        private enum CodingKeys: String, CodingKey {
            case kind, format, value, doubles, text, database, reason
        }

        // Written by hand so that a stored reference run keeps a property list's `<real>` 1.0
        // apart from its `<integer>` 1, which JSON text would merge (see `NumberTypes`).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func typedValue() throws -> JSONValue {
                NumberTypes.restoring(try container.decodeIfPresent([String].self, forKey: .doubles) ?? [],
                                      in: try container.decode(JSONValue.self, forKey: .value))
            }
            switch try container.decode(String.self, forKey: .kind) {
            case "plist": self = .plist(format: try container.decode(String.self, forKey: .format), value: try typedValue())
            case "json": self = .json(try typedValue())
            case "text": self = .text(try container.decode(String.self, forKey: .text))
            case "database": self = .database(try container.decode(DatabaseSnapshot.self, forKey: .database))
            default: self = .invalid(try container.decode(String.self, forKey: .reason))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            func encodeTyped(_ value: JSONValue) throws {
                try container.encode(value, forKey: .value)
                let doubles = NumberTypes.doublePointers(in: value)
                if !doubles.isEmpty { try container.encode(doubles, forKey: .doubles) }
            }
            switch self {
            case .plist(let format, let value):
                try container.encode("plist", forKey: .kind)
                try container.encode(format, forKey: .format)
                try encodeTyped(value)
            case .json(let value):
                try container.encode("json", forKey: .kind)
                try encodeTyped(value)
            case .text(let text):
                try container.encode("text", forKey: .kind)
                try container.encode(text, forKey: .text)
            case .database(let snapshot):
                try container.encode("database", forKey: .kind)
                try container.encode(snapshot, forKey: .database)
            case .invalid(let reason):
                try container.encode("invalid", forKey: .kind)
                try container.encode(reason, forKey: .reason)
            }
        }
    }
}

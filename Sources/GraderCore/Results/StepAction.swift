import ExerciseKit
import Foundation

/// What a case's step did, as the result model records it: a value, not a sentence.
///
/// Its description is the step as written in `exercise.yml` (`call load {"model":"Seat"}`,
/// `relaunch`, `check Documents/a.plist is a binary-plist document`), which reports show; no
/// code compares that text. In the JSON report it is an object with a `kind`
/// (`Docs/report-format.md`).
public enum StepAction: Hashable, Sendable, CustomStringConvertible {
    /// A call of a driver operation, with its arguments if it has any.
    case call(operation: String, arguments: JSONValue?)
    /// A call killed part-way through.
    case killDuring(operation: String, arguments: JSONValue?)
    /// The app ended gracefully and started again on the same container.
    case relaunch
    /// The app ended with SIGKILL.
    case kill
    /// The app ended gracefully and a new version of it was installed, its bundle changed so;
    /// the container stayed.
    case update(BundleChanges)
    /// A check of what the app left in its container after the steps: the path, what it must
    /// be (`absent`, `file`, `directory`, `json`, `xml-plist`, `sqlite`…), and a database's query.
    case check(path: String, is: String, query: String?)
    /// Starting the app: the grader could not launch it (not the solution's doing).
    case launch
    /// Running the reference implementation, which gave nothing to compare with.
    case reference

    public var description: String {
        switch self {
        case .call(let operation, let arguments):
            return arguments.map { "call \(operation) \($0.jsonText)" } ?? "call \(operation)"
        case .killDuring(let operation, let arguments):
            return arguments.map { "kill during \(operation) \($0.jsonText)" } ?? "kill during \(operation)"
        case .relaunch: return "relaunch"
        case .kill: return "kill"
        case .update(let changes):
            return "update the app (\(changes.description))"
        case .check(let path, let kind, let query):
            switch kind {
            case "absent": return "check \(path) does not exist"
            case "file": return "check \(path) is a file"
            case "directory": return "check \(path) is a folder"
            case "sqlite": return "check \(path) is a SQLite database" + (query.map { ": \($0)" } ?? "")
            default: return "check \(path) is a \(kind) document"
            }
        case .launch: return "launch"
        case .reference: return "reference"
        }
    }
}

extension StepAction: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, operation, arguments, path, `is`, query, removed, written
    }

    private enum Kind: String, Codable {
        case call, killDuring = "kill_during", relaunch, kill, update, check, launch, reference
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .call:
            self = .call(operation: try container.decode(String.self, forKey: .operation),
                         arguments: try container.decodeIfPresent(JSONValue.self, forKey: .arguments))
        case .killDuring:
            self = .killDuring(operation: try container.decode(String.self, forKey: .operation),
                               arguments: try container.decodeIfPresent(JSONValue.self, forKey: .arguments))
        case .relaunch: self = .relaunch
        case .kill: self = .kill
        case .update:
            self = .update(BundleChanges(removed: try container.decode([String].self, forKey: .removed),
                                         written: try container.decode([String].self, forKey: .written)))
        case .check:
            self = .check(path: try container.decode(String.self, forKey: .path),
                          is: try container.decode(String.self, forKey: .is),
                          query: try container.decodeIfPresent(String.self, forKey: .query))
        case .launch: self = .launch
        case .reference: self = .reference
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .call(let operation, let arguments), .killDuring(let operation, let arguments):
            try container.encode(self.isKillDuring ? Kind.killDuring : .call, forKey: .kind)
            try container.encode(operation, forKey: .operation)
            try container.encodeIfPresent(arguments, forKey: .arguments)
        case .relaunch: try container.encode(Kind.relaunch, forKey: .kind)
        case .kill: try container.encode(Kind.kill, forKey: .kind)
        case .update(let changes):
            try container.encode(Kind.update, forKey: .kind)
            try container.encode(changes.removed, forKey: .removed)
            try container.encode(changes.written, forKey: .written)
        case .check(let path, let kind, let query):
            try container.encode(Kind.check, forKey: .kind)
            try container.encode(path, forKey: .path)
            try container.encode(kind, forKey: .is)
            try container.encodeIfPresent(query, forKey: .query)
        case .launch: try container.encode(Kind.launch, forKey: .kind)
        case .reference: try container.encode(Kind.reference, forKey: .kind)
        }
    }

    private var isKillDuring: Bool {
        if case .killDuring = self { return true }
        return false
    }
}

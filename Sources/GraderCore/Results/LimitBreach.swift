import Foundation

/// A resource limit a launch or a case went past, with the limit's value: kept as a value
/// through the result model; ``description`` is the sentence reports show.
///
/// In JSON (a failure's `limit`, `Docs/report-format.md`): `{"resource": "processes", "limit": 256}`,
/// with `limit` in the resource's unit (a count, bytes, seconds or cores).
public enum LimitBreach: Hashable, Sendable {
    /// More processes and threads at once than the launch may have; a `fork` failed.
    case processes(Int)
    /// The launch's processes together used more memory than allowed (the kernel ended one).
    case memory(bytes: Int)
    /// The sandbox's `/tmp` was full.
    case tmp(bytes: Int)
    /// The app container held more than allowed.
    case container(bytes: Int)
    /// A process used more CPU time than allowed (`SIGXCPU`).
    case cpuTime(seconds: Double)
    /// A file grew past the largest allowed (`SIGXFSZ`).
    case fileSize(bytes: Int)
    /// The case's launches together ran longer than the case may take.
    case caseTime(seconds: Double)
    /// A batch's time budget for the student ran out while the case ran.
    case timeBudget(seconds: Double)

    /// The resource's name in reports and in `exercise.yml`'s `limits:`.
    public var resource: Resource {
        switch self {
        case .processes: return .processes
        case .memory: return .totalMemory
        case .tmp: return .tmpSize
        case .container: return .containerSize
        case .cpuTime: return .cpuTime
        case .fileSize: return .fileSize
        case .caseTime: return .caseTimeLimit
        case .timeBudget: return .timeBudget
        }
    }

    /// The limit, in the resource's unit.
    public var limit: Double {
        switch self {
        case .processes(let count): return Double(count)
        case .memory(let bytes), .tmp(let bytes), .container(let bytes), .fileSize(let bytes): return Double(bytes)
        case .cpuTime(let seconds), .caseTime(let seconds), .timeBudget(let seconds): return seconds
        }
    }

    /// The limits a launch or a case is held to, named as `exercise.yml`'s `limits:` names them.
    public enum Resource: String, Codable, Sendable, CaseIterable {
        case processes
        case totalMemory = "total_memory"
        case tmpSize = "tmp_size"
        case containerSize = "container_size"
        case cpuTime = "cpu_time"
        case cpus
        case fileSize = "file_size"
        case caseTimeLimit = "case_time_limit"
        /// `grader batch --time-budget`: not a field of `limits:`.
        case timeBudget = "time_budget"
    }
}

extension LimitBreach: CustomStringConvertible {
    /// What the app did, in a learner's words: "exceeded the limit of 256 processes".
    public var description: String {
        switch self {
        case .processes(let count):
            return "exceeded the limit of \(count) processes (threads count too): a fork or a thread could not start"
        case .memory(let bytes):
            return "used more than \(Self.size(bytes)) of memory (all its processes together) and was stopped"
        case .tmp(let bytes):
            return "filled /tmp past \(Self.size(bytes)); writes there failed"
        case .container(let bytes):
            return "filled its container past \(Self.size(bytes)) and was stopped"
        case .cpuTime(let seconds):
            return "used more than \(Self.seconds(seconds)) of CPU time and was stopped"
        case .fileSize(let bytes):
            return "wrote a file larger than \(Self.size(bytes)) and was stopped"
        case .caseTime(let seconds):
            return "took more than \(Self.seconds(seconds)) over the case's launches together and was stopped"
        case .timeBudget(let seconds):
            return "was stopped when the time budget of \(Self.seconds(seconds)) for the whole submission ran out"
        }
    }

    /// `30 s`, `1.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// `256 MiB`, `1 GiB`, `1.5 MiB`, `512 KiB`.
    static func size(_ bytes: Int) -> String {
        for (unit, factor) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= factor {
            let value = Double(bytes) / Double(factor)
            return value == value.rounded() ? "\(Int(value)) \(unit)" : String(format: "%.1f %@", value, unit)
        }
        return "\(bytes) bytes"
    }
}

extension LimitBreach: Codable {
    private enum CodingKeys: String, CodingKey { case resource, limit }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let limit = try container.decode(Double.self, forKey: .limit)
        switch try container.decode(Resource.self, forKey: .resource) {
        case .processes: self = .processes(Int(limit))
        case .totalMemory: self = .memory(bytes: Int(limit))
        case .tmpSize: self = .tmp(bytes: Int(limit))
        case .containerSize: self = .container(bytes: Int(limit))
        case .cpuTime: self = .cpuTime(seconds: limit)
        case .fileSize: self = .fileSize(bytes: Int(limit))
        case .caseTimeLimit: self = .caseTime(seconds: limit)
        case .timeBudget: self = .timeBudget(seconds: limit)
        case .cpus:
            throw DecodingError.dataCorruptedError(forKey: .resource, in: container, debugDescription: "cpus is a share, never breached")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(resource, forKey: .resource)
        try container.encode(limit, forKey: .limit)
    }
}

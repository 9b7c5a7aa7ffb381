import ExerciseKit
import Foundation
import SQLite3
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a SQLite database in a container holds, as far as a case's check asks.
public struct DatabaseSnapshot: Hashable, Sendable, Codable {
    /// What `PRAGMA integrity_check` said: `["ok"]` for a sound database.
    public var integrity: [String]
    public var userVersion: Int
    /// The query's rows, each a list of values in column order; nil without a query or when it failed.
    public var rows: [[JSONValue]]?
    /// Why the query failed (`no such table: people`), when it did.
    public var queryError: String?
    /// The query is not read-only: a problem with the course, not with the solution.
    public var queryWrites = false

    public init(integrity: [String], userVersion: Int, rows: [[JSONValue]]? = nil, queryError: String? = nil,
                queryWrites: Bool = false) {
        self.integrity = integrity
        self.userVersion = userVersion
        self.rows = rows
        self.queryError = queryError
        self.queryWrites = queryWrites
    }

    private enum CodingKeys: String, CodingKey {
        case integrity, userVersion, rows, doubles, queryError, queryWrites
    }

    // A stored reference run keeps a REAL 1.0 apart from an INTEGER 1 (see `NumberTypes`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        integrity = try container.decode([String].self, forKey: .integrity)
        userVersion = try container.decode(Int.self, forKey: .userVersion)
        let doubles = try container.decodeIfPresent([String].self, forKey: .doubles) ?? []
        rows = try container.decodeIfPresent([[JSONValue]].self, forKey: .rows).map { rows in
            guard case .array(let restored) = NumberTypes.restoring(doubles, in: .array(rows.map(JSONValue.array))) else { return rows }
            return restored.map { row in
                if case .array(let values) = row { return values }
                return []
            }
        }
        queryError = try container.decodeIfPresent(String.self, forKey: .queryError)
        queryWrites = try container.decode(Bool.self, forKey: .queryWrites)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(integrity, forKey: .integrity)
        try container.encode(userVersion, forKey: .userVersion)
        try container.encodeIfPresent(rows, forKey: .rows)
        if let rows, case let doubles = NumberTypes.doublePointers(in: .array(rows.map(JSONValue.array))), !doubles.isEmpty {
            try container.encode(doubles, forKey: .doubles)
        }
        try container.encodeIfPresent(queryError, forKey: .queryError)
        try container.encode(queryWrites, forKey: .queryWrites)
    }
}

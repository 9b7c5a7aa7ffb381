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
}

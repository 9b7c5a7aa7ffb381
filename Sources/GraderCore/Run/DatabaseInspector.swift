import ExerciseKit
import Foundation
import SQLite3
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a learner's SQLite database from the grader's side.
///
/// The database is never opened where it lies: its file and its `-journal` and `-wal` files
/// are copied (regular files only, never through a link, within a size cap) into a scratch
/// folder and opened there. SQLite then does what the app's next launch would do (roll back a
/// hot journal, replay a write-ahead log), and nothing the grader does changes the container.
/// Reading is bounded: the query is refused unless it is read-only, runs with `query_only`, and
/// is interrupted after `timeLimit` seconds or `maxRows` rows.
struct DatabaseInspector {
    var maxBytes: Int
    var timeLimit: Double = 5
    var maxRows = 10_000

    /// The 16 bytes every SQLite 3 database file starts with.
    static let header = Array("SQLite format 3\u{0}".utf8)

    func inspect(path: String, query: String?, read: (String) -> Data?) -> ContainerObservation.FileContent {
        guard let main = read(path) else { return .invalid("it could not be read") }
        guard main.starts(with: Self.header) else {
            return .invalid("it is not a SQLite database (it starts with \(ContainerInspector.preview(main)))")
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("grader-db-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let copy = scratch.appendingPathComponent("database.sqlite")
            try main.write(to: copy)
            for suffix in ["-journal", "-wal"] {
                // `read` returns nil for anything but a regular file: a link is never followed.
                guard let companion = read(path + suffix) else { continue }
                guard companion.count < maxBytes else {
                    return .invalid("its \(suffix) file is larger than \(maxBytes >> 20) MiB, more than the grader reads")
                }
                try companion.write(to: URL(fileURLWithPath: copy.path + suffix))
            }
            return .database(try snapshot(of: copy.path, query: query))
        } catch let failure as SQLiteFailure {
            return .invalid("it is not a usable SQLite database (\(failure.message))")
        } catch {
            return .invalid("it could not be copied for inspection (\(error))")
        }
    }

    private struct SQLiteFailure: Error {
        var message: String
    }

    private final class Deadline {
        let time: Date
        init(_ time: Date) { self.time = time }
    }

    private func snapshot(of path: String, query: String?) throws -> DatabaseSnapshot {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw SQLiteFailure(message: message)
        }
        defer { sqlite3_close_v2(db) }
        // A crafted schema must not make the grader run the app's SQL functions or triggers.
        _ = try? rows(db, "PRAGMA trusted_schema = OFF")
        let deadline = Deadline(Date().addingTimeInterval(timeLimit))
        let context = Unmanaged.passUnretained(deadline).toOpaque()
        sqlite3_progress_handler(db, 10_000, { context in
            guard let context else { return 1 }
            return Unmanaged<Deadline>.fromOpaque(context).takeUnretainedValue().time < Date() ? 1 : 0
        }, context)
        let integrity = try rows(db, "PRAGMA integrity_check(20)").compactMap { $0.first?.stringValue }
        guard let version = try rows(db, "PRAGMA user_version").first?.first, case .int(let userVersion) = version else {
            throw SQLiteFailure(message: "it has no user_version")
        }
        var snapshot = DatabaseSnapshot(integrity: integrity, userVersion: userVersion)
        defer { withExtendedLifetime(deadline) {} }
        guard let query else { return snapshot }
        _ = try? rows(db, "PRAGMA query_only = ON")
        do {
            snapshot.rows = try rows(db, query, requireReadOnly: true)
        } catch let failure as SQLiteFailure {
            if failure.message == Self.writingQuery { snapshot.queryWrites = true }
            snapshot.queryError = failure.message
        }
        return snapshot
    }

    private static let writingQuery = "the query is not read-only"

    /// Runs one statement and returns its rows.
    private func rows(_ db: OpaquePointer, _ sql: String, requireReadOnly: Bool = false) throws -> [[JSONValue]] {
        var handle: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &handle, nil) == SQLITE_OK, let statement = handle else {
            throw SQLiteFailure(message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        // Pragmas that only report (`PRAGMA journal_mode`) do not count as read-only; with
        // `query_only` on, any that would write fails.
        let isPragma = sql.trimmingCharacters(in: .whitespacesAndNewlines).uppercased().hasPrefix("PRAGMA")
        if requireReadOnly, !isPragma, sqlite3_stmt_readonly(statement) == 0 {
            throw SQLiteFailure(message: Self.writingQuery)
        }
        var result: [[JSONValue]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return result }
            if code == SQLITE_INTERRUPT {
                throw SQLiteFailure(message: "reading it took more than \(Int(timeLimit)) s")
            }
            guard code == SQLITE_ROW else { throw SQLiteFailure(message: String(cString: sqlite3_errmsg(db))) }
            guard result.count < maxRows else { throw SQLiteFailure(message: "it returns more than \(maxRows) rows") }
            result.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> JSONValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .int(Int(sqlite3_column_int64(statement, index)))
        case SQLITE_FLOAT:
            return .double(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            return .string(sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .string("") }
            return .string(Data(bytes: bytes, count: count).base64EncodedString())
        default:
            return .null
        }
    }
}

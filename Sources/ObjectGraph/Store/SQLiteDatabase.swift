import Foundation
import SQLite3

/// A connection to one SQLite database, with the few calls the SQLite store needs: the only
/// place in ObjectGraph that calls `sqlite3_` functions (with ``SQLiteFunctions``).
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    var log: SQLLog

    /// Opens (creating if needed) the database at `path`.
    init(path: String, log: SQLLog) throws {
        self.log = log
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            handle = nil
            throw ObjectGraphError.sqlite(code: status, message: "cannot open \(path): \(message)", statement: nil)
        }
        sqlite3_busy_timeout(handle, 5_000)
        SQLiteFunctions.register(on: handle!)
    }

    deinit { close() }

    /// Finalizes every cached statement and closes the connection.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        if let handle { sqlite3_close(handle) }
        handle = nil
    }

    /// Runs statements that return no rows (DDL, PRAGMA, BEGIN…).
    func execute(_ sql: String) throws {
        log.statement(sql, [])
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw error(sql) }
    }

    /// Runs one statement with its bound values and returns its rows.
    @discardableResult
    func query(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try query(sql, bindings) { row in rows.append(row) }
        return rows
    }

    /// Runs one statement, handing each row to `body` as it is read.
    func query(_ sql: String, _ bindings: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        try query(sql, bindings, rows: { row in
            var values: [SQLValue] = []
            values.reserveCapacity(Int(row.columnCount))
            for index in 0..<row.columnCount { values.append(row.value(index)) }
            try body(values)
        })
    }

    /// Runs one statement, handing `body` each row to read its columns in place: a fetch of many
    /// rows then makes no array of ``SQLValue`` per row.
    func query(_ sql: String, _ bindings: [SQLValue], rows body: (Row) throws -> Void) throws {
        log.statement(sql, bindings)
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(bindings, to: statement, sql: sql)
        let row = Row(statement: statement, columnCount: sqlite3_column_count(statement))
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw error(sql) }
            try body(row)
        }
    }

    /// The current row of a statement being stepped; valid only during the call it is given to.
    struct Row {
        fileprivate let statement: OpaquePointer
        let columnCount: Int32

        /// The column's storage class: `SQLITE_INTEGER`, `SQLITE_TEXT`…
        func type(_ index: Int32) -> Int32 { sqlite3_column_type(statement, index) }
        func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(statement, index) }
        func double(_ index: Int32) -> Double { sqlite3_column_double(statement, index) }

        func text(_ index: Int32) -> String {
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_text(statement, index) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        func value(_ index: Int32) -> SQLValue {
            switch type(index) {
            case SQLITE_INTEGER: return .integer(int64(index))
            case SQLITE_FLOAT: return .real(double(index))
            case SQLITE_TEXT: return .text(text(index))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, index))
                guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
                return .blob(Data(bytes: bytes, count: count))
            default: return .null
            }
        }
    }

    /// Runs a statement many times, once per list of values, without logging each run.
    func run(_ sql: String, eachOf bindingLists: [[SQLValue]]) throws {
        try run(sql, times: bindingLists.count) { index, values in values = bindingLists[index] }
    }

    /// Runs a statement `times` times with the values `bindings` writes for each run into one
    /// reused array, so that a bulk insert neither holds every row's values at once nor
    /// allocates an array per row.
    func run(_ sql: String, times: Int, bindings: (Int, inout [SQLValue]) throws -> Void) throws {
        guard times > 0 else { return }
        let statement = try prepared(sql)
        var values: [SQLValue] = []
        for index in 0..<times {
            values.removeAll(keepingCapacity: true)
            try bindings(index, &values)
            if index == 0 { log.statement(sql + (times > 1 ? "  -- × \(times)" : ""), values) }
            try bind(values, to: statement, sql: sql)
            let status = sqlite3_step(statement)
            sqlite3_reset(statement)
            guard status == SQLITE_DONE || status == SQLITE_ROW else { throw error(sql) }
        }
        sqlite3_clear_bindings(statement)
    }

    /// How many rows the last statement inserted, changed or deleted.
    var changes: Int32 { sqlite3_changes(handle) }

    /// Runs `body` inside one transaction, rolled back if it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw error(sql) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ values: [SQLValue], to statement: OpaquePointer, sql: String) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let value): status = sqlite3_bind_int64(statement, index, value)
            case .real(let value): status = sqlite3_bind_double(statement, index, value)
            case .text(let value):
                // With its byte count, so that a string holding NUL is stored whole.
                status = value.withCString { sqlite3_bind_text(statement, index, $0, Int32(value.utf8.count), SQLiteDatabase.transient) }
            case .blob(let data):
                status = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), SQLiteDatabase.transient)
                }
            }
            guard status == SQLITE_OK else { throw error(sql) }
        }
    }

    private func error(_ sql: String) -> ObjectGraphError {
        .sqlite(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), statement: sql)
    }

    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

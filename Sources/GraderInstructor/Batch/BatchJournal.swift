import Foundation
import GraderCore
import SQLite3

/// The batch's journal: a SQLite database in the output folder (`journal.sqlite`) with one row
/// per finished student, written in one transaction as soon as the student is graded. A batch
/// killed at any moment and run again finds every finished student here and grades only the
/// others; SQLite's rollback journal means a row is either wholly there or not at all.
///
/// Every `sqlite3_` call of the batch is in this file.
final class BatchJournal: @unchecked Sendable {
    /// One finished student.
    struct Entry: Sendable {
        var id: String
        var submissionHash: String
        /// The course's fingerprint when the student was graded: a changed course grades again.
        var courseHash: String
        var report: StudentReport
        /// How many times this student has been graded into this journal (1 unless regraded).
        var gradings: Int
    }

    private var database: OpaquePointer?
    private let lock = NSLock()
    let url: URL

    /// Opens (or creates) the journal at `url`.
    /// - Throws: ``GraderError/io(_:)`` when it cannot be opened or is not a journal.
    init(url: URL) throws {
        self.url = url
        guard sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(database)
            throw GraderError.io("cannot open the journal \(url.path): \(message). Remove it to grade every student again.")
        }
        sqlite3_busy_timeout(database, 10_000)
        try execute("""
            PRAGMA journal_mode = DELETE;
            PRAGMA synchronous = FULL;
            CREATE TABLE IF NOT EXISTS students (
                id TEXT PRIMARY KEY,
                submission_hash TEXT NOT NULL,
                course_hash TEXT NOT NULL,
                report TEXT NOT NULL,
                finished_at TEXT NOT NULL,
                gradings INTEGER NOT NULL DEFAULT 1
            );
            """)
    }

    deinit {
        sqlite3_close(database)
    }

    /// Every finished student, by identifier.
    func entries() throws -> [String: Entry] {
        lock.lock()
        defer { lock.unlock() }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT id, submission_hash, course_hash, report, gradings FROM students", -1, &statement, nil) == SQLITE_OK else {
            throw error("read")
        }
        defer { sqlite3_finalize(statement) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var entries: [String: Entry] = [:]
        while sqlite3_step(statement) == SQLITE_ROW {
            let id = text(statement, 0)
            guard let report = try? decoder.decode(StudentReport.self, from: Data(text(statement, 3).utf8)) else {
                // A report this grader cannot read (another version's): that student is graded again.
                continue
            }
            entries[id] = Entry(id: id, submissionHash: text(statement, 1), courseHash: text(statement, 2), report: report,
                                gradings: Int(sqlite3_column_int64(statement, 4)))
        }
        return entries
    }

    /// Records `report` as finished, replacing an earlier grading of the same student.
    func record(_ report: StudentReport, courseHash: String) throws {
        let json = String(decoding: try JSONReport.render(report), as: UTF8.self)
        lock.lock()
        defer { lock.unlock() }
        var statement: OpaquePointer?
        let sql = """
            INSERT INTO students (id, submission_hash, course_hash, report, finished_at) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT(id) DO UPDATE SET submission_hash = ?2, course_hash = ?3, report = ?4, finished_at = ?5,
                gradings = gradings + 1
            """
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { throw error("write") }
        defer { sqlite3_finalize(statement) }
        for (index, value) in [report.id, report.submissionHash, courseHash, json, report.gradedAt].enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), value, -1, Self.transient)
        }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw error("write") }
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw error("set up") }
    }

    private func error(_ doing: String) -> GraderError {
        .io("cannot \(doing) the journal \(url.path): \(String(cString: sqlite3_errmsg(database))). Remove it to grade every student again.")
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    /// SQLite copies the bound text before `sqlite3_bind_text` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

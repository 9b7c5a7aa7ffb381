import ExerciseKit
import Foundation
import SQLite3
import Testing
@testable import GraderCore

/// The database checks on real SQLite files, including ones an app left behind mid-write.
final class DatabaseInspectorTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func check(_ name: String, query: String? = nil) -> ContainerObservation {
        let assertion = ContainerAssertion(path: name, kind: .sqlite, equals: nil, minSize: nil, maxSize: nil,
                                           options: .standard, query: query, userVersion: nil)
        return ContainerInspector(root: folder).observe(assertion)
    }

    func snapshot(_ name: String, query: String? = nil) throws -> DatabaseSnapshot {
        guard case .file(_, .database(let snapshot)?) = check(name, query: query) else {
            Issue.record("not read as a database: \(check(name, query: query))")
            throw CancellationError()
        }
        return snapshot
    }

    /// Opens `name` in the folder and runs `sql`; the connection stays open until `close`.
    func open(_ name: String, _ sql: String) throws -> OpaquePointer {
        var db: OpaquePointer?
        try #require(sqlite3_open(folder.appendingPathComponent(name).path, &db) == SQLITE_OK)
        try #require(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
        return try #require(db)
    }

    @Test func readsRowsTypesAndTheUserVersion() throws {
        sqlite3_close(try open("a.sqlite", """
            CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n);
            INSERT INTO t VALUES (1, 2.5, 'x', x'0102', NULL);
            PRAGMA user_version = 7;
            """))
        let found = try snapshot("a.sqlite", query: "SELECT * FROM t")
        #expect(found.integrity == ["ok"])
        #expect(found.userVersion == 7)
        #expect(found.rows == [[.int(1), .double(2.5), .string("x"), .string("AQI="), .null]])
    }

    @Test func readsWhatAnUnclosedWALDatabaseHolds() throws {
        // An app killed with its WAL database open leaves the rows only in the -wal file: copy
        // its files while the connection is open, as a kill would leave them.
        let db = try open("live.sqlite", """
            PRAGMA journal_mode = WAL;
            CREATE TABLE t(x);
            INSERT INTO t VALUES (1), (2);
            """)
        defer { sqlite3_close(db) }
        let fm = FileManager.default
        for suffix in ["", "-wal"] {
            try fm.copyItem(at: folder.appendingPathComponent("live.sqlite" + suffix),
                            to: folder.appendingPathComponent("killed.sqlite" + suffix))
        }
        let walBefore = try Data(contentsOf: folder.appendingPathComponent("killed.sqlite-wal"))
        let found = try snapshot("killed.sqlite", query: "SELECT x FROM t ORDER BY x")
        #expect(found.rows == [[.int(1)], [.int(2)]])
        // The grader read a copy. Opening the files in place and closing them, as their last
        // connection, would have checkpointed the log into the database and deleted it.
        #expect(try Data(contentsOf: folder.appendingPathComponent("killed.sqlite-wal")) == walBefore)
    }

    @Test func aQueryThatWritesIsACourseProblem() throws {
        sqlite3_close(try open("w.sqlite", "CREATE TABLE t(x); INSERT INTO t VALUES (1);"))
        let assertion = ContainerAssertion(path: "w.sqlite", kind: .sqlite, equals: .array([]), minSize: nil, maxSize: nil,
                                           options: .standard, query: "DELETE FROM t", userVersion: nil)
        let observed = ContainerInspector(root: folder).observe(assertion)
        guard case .file(_, .database(let found)?) = observed else { Issue.record("not read: \(observed)"); return }
        #expect(found.queryWrites)
        let failure = ContainerJudge.judge([assertion], observed: [observed], reference: nil, stepCount: 1)
        #expect(failure?.kind == .driverFault)
        #expect(failure?.message.hasSuffix("This is a problem with the course, not your code.") == true)
    }

    @Test func aCheckWithoutItsObservationDoesNotPass() {
        let assertion = ContainerAssertion(path: "a.sqlite", kind: .sqlite, equals: nil, minSize: nil, maxSize: nil,
                                           options: .standard, query: "SELECT 1", userVersion: nil)
        let failure = ContainerJudge.judge([assertion], observed: [], reference: nil, stepCount: 2)
        #expect(failure?.kind == .driverFault)
        #expect(failure?.stepIndex == 2)
    }

    @Test func aMissingReferenceIsACourseProblem() {
        let assertion = ContainerAssertion(path: "a.sqlite", kind: .sqlite, equals: nil, minSize: nil, maxSize: nil,
                                           options: .standard, query: "SELECT 1", userVersion: nil)
        let observed = ContainerObservation.file(size: 1, content: .database(
            DatabaseSnapshot(integrity: ["ok"], userVersion: 0, rows: [[.int(1)]])))
        let failure = ContainerJudge.judge([assertion], observed: [observed], reference: [.missing], stepCount: 1)
        #expect(failure?.kind == .referenceFailed)
    }

    @Test func aDamagedDatabaseFailsItsIntegrityCheck() throws {
        sqlite3_close(try open("d.sqlite", """
            CREATE TABLE t(x TEXT);
            CREATE INDEX tx ON t(x);
            INSERT INTO t VALUES ('a'), ('b'), ('c');
            """))
        // Rewrite the table's rows behind the index's back: the index no longer matches.
        let url = folder.appendingPathComponent("d.sqlite")
        var bytes = try Data(contentsOf: url)
        let range = try #require(bytes.range(of: Data("b".utf8), options: .backwards, in: 4096..<bytes.count))
        bytes.replaceSubrange(range, with: Data("z".utf8))
        try bytes.write(to: url)
        let found = try snapshot("d.sqlite")
        #expect(found.integrity != ["ok"])
        let message = ContainerJudge.check(
            ContainerAssertion(path: "d.sqlite", kind: .sqlite, equals: nil, minSize: nil, maxSize: nil, options: .standard),
            check("d.sqlite"), reference: nil)?.text
        #expect(message?.hasPrefix("d.sqlite is damaged: PRAGMA integrity_check says ") == true)
    }

    @Test func aLinkedWriteAheadLogIsNotRead() throws {
        // A database whose newest row is only in its -wal file.
        let db = try open("real.sqlite", """
            PRAGMA journal_mode = WAL;
            CREATE TABLE t(x);
            INSERT INTO t VALUES (1);
            PRAGMA wal_checkpoint(TRUNCATE);
            INSERT INTO t VALUES (2);
            """)
        defer { sqlite3_close(db) }
        let fm = FileManager.default
        for name in ["copied", "linked"] {
            try fm.copyItem(at: folder.appendingPathComponent("real.sqlite"), to: folder.appendingPathComponent("\(name).sqlite"))
        }
        // The log copied beside the database is read (so a log does matter here)…
        try fm.copyItem(at: folder.appendingPathComponent("real.sqlite-wal"), to: folder.appendingPathComponent("copied.sqlite-wal"))
        #expect(try snapshot("copied.sqlite", query: "SELECT x FROM t ORDER BY x").rows == [[.int(1)], [.int(2)]])
        // …but the same log behind a symbolic link is not followed.
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("linked.sqlite-wal").path,
                                  withDestinationPath: folder.appendingPathComponent("real.sqlite-wal").path)
        #expect(try snapshot("linked.sqlite", query: "SELECT x FROM t ORDER BY x").rows == [[.int(1)]])
    }

    @Test func aReportingPragmaIsAllowedAndBinaryJunkIsShownInHex() throws {
        sqlite3_close(try open("p.sqlite", "PRAGMA journal_mode = WAL; CREATE TABLE t(x);"))
        #expect(try snapshot("p.sqlite", query: "PRAGMA journal_mode").rows == [[.string("wal")]])
        try Data([0x37, 0xF2, 0x00, 0x2D, 0x01, 0x02, 0x03, 0x04, 0x05]).write(to: folder.appendingPathComponent("junk.sqlite"))
        #expect(check("junk.sqlite") == .file(size: 9, content: .invalid(
            "it is not a SQLite database (it starts with the bytes 37 f2 00 2d 01 02 03 04 …)")))
    }

    @Test func anEndlessQueryIsStoppedAndAHugeOneIsCapped() throws {
        sqlite3_close(try open("e.sqlite", "CREATE TABLE t(x);"))
        let path = folder.appendingPathComponent("e.sqlite").path
        let read = { (path: String) in FileManager.default.contents(atPath: path) }
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let started = Date()
        let stopped = DatabaseInspector(maxBytes: 1 << 20, timeLimit: 1).inspect(path: path, query: endless, read: read)
        #expect(Date().timeIntervalSince(started) < 5)
        guard case .database(let slow) = stopped else { Issue.record("not read: \(stopped)"); return }
        #expect(slow.rows == nil)
        #expect(slow.queryError == "reading it took more than 1 s")
        let many = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 50) SELECT x FROM c"
        let capped = DatabaseInspector(maxBytes: 1 << 20, maxRows: 10).inspect(path: path, query: many, read: read)
        guard case .database(let big) = capped else { Issue.record("not read: \(capped)"); return }
        #expect(big.queryError == "it returns more than 10 rows")
    }

    @Test func aFileWithOnlyTheHeaderIsNotAUsableDatabase() throws {
        try Data(DatabaseInspector.header + [UInt8](repeating: 0x41, count: 200)).write(to: folder.appendingPathComponent("h.sqlite"))
        guard case .file(_, .invalid(let reason)?) = check("h.sqlite", query: "SELECT 1") else {
            Issue.record("read as a database: \(check("h.sqlite"))"); return
        }
        #expect(reason.hasPrefix("it is not a usable SQLite database ("))
    }
}

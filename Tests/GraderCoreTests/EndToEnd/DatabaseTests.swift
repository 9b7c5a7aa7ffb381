import Foundation
import Testing
@testable import GraderCore

/// The fixture's ledger exercise, graded for real with one bug planted at a time: SQLite
/// container checks and a relative time limit.
@Suite(.serialized)
struct DatabaseTests {
    /// Grades the ledger exercise with the reference's code changed by `edits` (old → new).
    func grade(_ edits: [(String, String)]) throws -> ExerciseResult {
        try GradingHarness.gradeEditedReference("04-ledger", edits)
    }

    func failure(_ result: ExerciseResult, _ name: String) throws -> StepFailure {
        let found = try #require(result.cases.first { $0.name == name })
        return try #require(found.failure, "\(name) should fail")
    }

    @Test func theReferencePasses() throws {
        let result = try grade([])
        #expect(result.status == .passed)
        #expect(result.casesPassed == 4)
    }

    @Test func aWrongRowIsNamedByItsPosition() throws {
        let result = try grade([("sqlite3_bind_int64(statement, 2, Int64(amount))", "sqlite3_bind_int64(statement, 2, Int64(amount + 1))")])
        let failure = try failure(result, "entries are stored")
        #expect(failure.kind == .wrongContainer)
        #expect(failure.stepIndex == 3)
        #expect(failure.message == "Documents/ledger.sqlite: the rows of `SELECT name, amount FROM entries ORDER BY id` differ at $[0][1]: expected 5, got 6")
        // The same bug, compared with the reference's rows.
        let compared = try self.failure(result, "the same rows as the reference's")
        #expect(compared.message.hasPrefix("Documents/ledger.sqlite: the rows of `SELECT id, name, amount FROM entries` differ"))
    }

    @Test func theUserVersionIsChecked() throws {
        let result = try grade([("PRAGMA user_version = 3;", "PRAGMA user_version = 2;")])
        let failure = try failure(result, "entries are stored")
        #expect(failure.message == "Documents/ledger.sqlite has user_version 2; 3 was expected")
    }

    @Test func aQueryOnAMissingTableSaysSo() throws {
        let result = try grade([("CREATE TABLE IF NOT EXISTS entries(", "CREATE TABLE IF NOT EXISTS entry("),
                                ("INSERT INTO entries(name", "INSERT INTO entry(name")])
        let failure = try failure(result, "entries are stored")
        #expect(failure.message == "Documents/ledger.sqlite: the query `SELECT name, amount FROM entries ORDER BY id` failed on your database: no such table: entries")
    }

    @Test func aFileThatIsNotADatabaseIsReported() throws {
        let result = try grade([("guard sqlite3_open(Self.url.path, &db)", """
            try Data("id,name,amount\\n".utf8).write(to: Self.url)
                    guard sqlite3_open(":memory:", &db)
            """)])
        let failure = try failure(result, "entries are stored")
        #expect(failure.message == #"Documents/ledger.sqlite should be a SQLite database, but it is not a SQLite database (it starts with "id,name,amount\n")"#)
    }

    @Test func aKilledLaunchIsGoneBeforeTheNextStarts() throws {
        // The reference passes "a killed launch's lock is gone when the next launch starts" only
        // because the grader waits for the killed app itself, not only for bubblewrap, to exit:
        // without that wait the next launch met "database is locked" in 6 of 6 runs.
        let result = try grade([])
        #expect(result.cases.first { $0.name == "a killed launch's lock is gone when the next launch starts" }?.status == .passed)
    }

    @Test func aBulkImportWithoutATransactionIsTooSlow() throws {
        let result = try grade([("try execute(\"BEGIN\")", ""), ("try execute(\"COMMIT\")", "")])
        let failure = try failure(result, "a bulk import is quick")
        #expect(failure.kind == .timedOut)
        #expect(failure.stepIndex == 1)
        #expect(failure.message.hasPrefix("in two runs, the call took longer than its limit of "))
        #expect(failure.message.contains("× the reference's ") || failure.message.contains("the case's floor"))
        // The other cases are not timed.
        #expect(result.cases.first { $0.name == "entries are stored" }?.status == .passed)
    }
}

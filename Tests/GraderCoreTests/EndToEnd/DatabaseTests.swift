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
        // Includes "a killed launch's lock is gone when the next launch starts", which passes only
        // because the grader waits for the killed app itself, not only for bubblewrap, to exit:
        // without that wait the next launch met "database is locked" in 6 of 6 runs.
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

    @Test func aBulkImportWithoutATransactionIsTooSlow() throws {
        let result = try grade([("try execute(\"BEGIN\")", ""), ("try execute(\"COMMIT\")", "")])
        let failure = try failure(result, "a bulk import is quick")
        #expect(failure.kind == .tooSlow)
        #expect(failure.stepIndex == 1)
        #expect(failure.message.hasPrefix("in two runs, the call took longer than its limit of "))
        // The other cases are not timed.
        #expect(result.cases.first { $0.name == "entries are stored" }?.status == .passed)
    }

    @Test func aTooSlowCallSaysHowItsLimitWasSet() throws {
        let step = Step.call(Call(operation: "addMany", arguments: nil, expectation: .value(.null), stdout: nil, options: .standard))
        func message(limit: Double, referenceSeconds: Double) -> String? {
            let run = StepRun(event: .tooSlow(limit: limit, factor: 10, referenceSeconds: referenceSeconds),
                              stdout: "", stderr: "", duration: limit)
            return StepJudge.judge(step, index: 0, run: run, reference: nil)?.message
        }
        #expect(message(limit: 0.4, referenceSeconds: 0.04)?.hasPrefix("the call took longer than its limit of 400 ms (10× the reference's 40 ms)") == true)
        #expect(message(limit: 0.25, referenceSeconds: 0.004)?.hasPrefix("the call took longer than its limit of 250 ms (the case's floor; the reference took 4.0 ms)") == true)
    }

    @Test func withoutAReferenceATimedCaseIsACourseProblemNotAPass() throws {
        let course = try TemporaryCourse.fixture()
        let folder = "Exercises/00-fixtures/04-ledger"
        let reference = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Reference/Solution.swift"), encoding: .utf8)
        try course.write("\(folder)/Solution.swift", reference)
        try course.write("\(folder)/Reference/Solution.swift", reference + "\nlet broken: Int = \"not a number\"\n")
        let workspace = try GradingHarness.workspace(course)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([try requireExercise("ledger", in: workspace)])[0]
        #expect(result.status == .courseError)
        let timed = try failure(result, "a bulk import is quick")
        #expect(timed.kind == .referenceFailed)
        #expect(timed.message == "the reference implementation was not built. This is a problem with the course, not your code.")
        // Every case compares with the reference somewhere: none is blamed on the learner.
        #expect(result.cases.allSatisfy { $0.failure?.kind == .referenceFailed })
    }
}

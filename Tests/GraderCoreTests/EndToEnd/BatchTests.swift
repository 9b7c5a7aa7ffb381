import Foundation
import SQLite3
import SwiftCSV
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// Runs the real `grader batch` on a class made in the test from the fixture course: every
/// form of submission, every kind of outcome, and a hostile student.
@Suite(.serialized)
struct BatchTests {
    typealias Output = GraderProcess.Output

    private func start(_ arguments: [String], in course: TemporaryCourse) throws -> (Process, Pipe, Pipe) {
        try GraderProcess.start(["batch"] + arguments, in: course.root)
    }

    private func batch(_ arguments: [String], in course: TemporaryCourse) throws -> Output {
        try GraderProcess.run(["batch"] + arguments, in: course.root)
    }

    private func report(_ folder: URL) throws -> BatchReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(BatchReport.self, from: Data(contentsOf: folder.appendingPathComponent("report.json")))
    }

    private static let counter = "Exercises/00-fixtures/01-counter"

    /// The class: one student per outcome and per form of submission.
    private func makeClass(_ fixture: FixtureClass) throws {
        let passes = try Fixtures.submission("passes")
        try fixture.courseCopy("submissions/ana", ["\(Self.counter)/Solution.swift": passes])
        try fixture.folder("submissions/ben", ["00-fixtures/01-counter/Solution.swift": try Fixtures.submission("wrong-value")])
        try fixture.zip("submissions/carla.zip", [("carla/01-counter/Solution.swift", try Fixtures.submission("compile-error"))])
        try fixture.folder("dan", ["01-counter/Solution.swift": try Fixtures.submission("infinite-loop")])
        try fixture.tarball("submissions/dan.tar.gz", of: "dan")
        try fixture.folder("submissions", ["eve.zip": "this is not a zip archive"])
        try fixture.folder("submissions/fay", ["01-counter/Solution.swift": passes])
        try fixture.courseCopy("submissions/gus")
        // Hal tries to replace the counter's cases, driver and reference, and to write outside.
        try fixture.zip("submissions/hal.zip", [
            ("\(Self.counter)/Solution.swift", try Fixtures.submission("wrong-value")),
            ("\(Self.counter)/exercise.yml", "format: 1\ntitle: Counter\ncases:\n  - name: nothing\n    steps: []\n"),
            ("\(Self.counter)/Reference/Solution.swift", try Fixtures.submission("wrong-value")),
            ("\(Self.counter)/Driver.swift", "// replaced\n"),
            ("../../../../\(Self.counter)/Solution.swift", "escape"),
        ])
        try fixture.folder("moodle/Ina Sol_12345_assignsubmission_file_", ["work/01-counter/Solution.swift": try Fixtures.submission("memory-only")])
        try fixture.zip("canvas/olsenjo_23456_99001_counter.zip", [("01-counter/Solution.swift", try Fixtures.submission("throws"))])
        try fixture.folder(".", ["roster.csv": "id,name,email\n12345,Ina Sol,ina@example.org\n23456,Jo Olsen,\n99999,Kim Absent,\n"])
    }

    @Test func aWholeClassIsGradedSafelyIntoAReportAndAGradebook() throws {
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        try makeClass(fixture)
        let before = FixtureClass.treeDigest(course.root)
        let out = fixture.url("out")
        let arguments = try FileManager.default.contentsOfDirectory(atPath: fixture.url("submissions").path).sorted()
            .map { fixture.url("submissions/\($0)").path }
            + [fixture.url("moodle").path, fixture.url("canvas").path,
               "--out", out.path, "--roster", fixture.url("roster.csv").path, "--jobs", "1"]
        let run = try batch(arguments, in: course)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("grading 10 of 10 students"))
        #expect(run.stderr.contains("[10/10] "))
        #expect(run.stderr.contains("] 12345 Ina Sol: "), "a progress line names the student")

        let report = try report(out)
        #expect(report.schema == 1 && report.kind == "batch")
        #expect(report.students.map(\.report.id) == ["12345", "23456", "ana", "ben", "carla", "dan", "eve", "fay", "gus", "hal"])
        #expect(report.missing.map(\.id) == ["99999"])
        let student = Dictionary(uniqueKeysWithValues: report.students.map { ($0.report.id, $0.report) })
        func counter(_ id: String) -> ExerciseResult? { student[id]?.exercises.first { $0.id == "00-fixtures/01-counter" } }

        #expect(counter("ana")?.status == .passed && counter("ana")?.score == 10)
        #expect(student["ana"]?.notes.contains { $0.hasPrefix("ignored ") && $0.contains("exercise.yml") } == true,
                "a course copy's other files are ignored and reported")
        #expect(counter("ben")?.status == .failed)
        #expect((counter("ben")?.score ?? 0) > 0 && (counter("ben")?.score ?? 10) < 10, "partial credit")
        #expect(counter("carla")?.status == .compileError)
        #expect(counter("carla")?.diagnostics.first?.file == "\(Self.counter)/Solution.swift", "errors point at the course's path")
        #expect(counter("dan")?.cases.contains { $0.failure?.kind == .timedOut } == true, "the endless loop is stopped and reported")
        #expect(student["eve"]?.notes.first?.hasPrefix("the submission could not be read: the .zip archive cannot be opened") == true)
        #expect(counter("eve")?.score == 0)
        #expect(student["fay"]?.notes.contains("identical to the submission of ana") == true)
        #expect(counter("fay")?.cases.allSatisfy(\.cached) == true,
                "fay's build is ana's (same content), so each verdict is reused, not run again")
        #expect(student["gus"]?.notes.contains("identical to the course's starter files: nothing was changed") == true)
        #expect(student["gus"]?.notes.contains { $0.hasPrefix("identical to the submission") } == false)
        #expect(student["12345"]?.name == "Ina Sol" && student["12345"]?.source.hasSuffix("Ina Sol_12345_assignsubmission_file_") == true)
        #expect(student["23456"]?.name == "Jo Olsen", "the roster names Canvas students")
        #expect(counter("12345")?.status == .failed && counter("23456")?.status == .failed)

        // Hal's attempt: refused or ignored, graded against the course's own cases and reference.
        #expect(counter("hal")?.casesTotal == counter("ben")?.casesTotal)
        #expect(counter("hal")?.score == counter("ben")?.score, "the same code as ben's, the same cases, the same score")
        #expect(student["hal"]?.notes.contains { $0.contains("outside the submission's folder") } == true)
        #expect(student["hal"]?.notes.contains { $0.contains("\(Self.counter)/exercise.yml") } == true)
        #expect(FixtureClass.treeDigest(course.root) == before, "the instructor's course is unchanged")
        #expect(try String(contentsOf: out.appendingPathComponent("students/ben/files/00-fixtures/01-counter/Solution.swift"), encoding: .utf8)
                == (try Fixtures.submission("wrong-value")), "no student's files were touched by another")

        // The gradebook, read back by a CSV parser.
        let csv = try CSV<Named>(url: out.appendingPathComponent("gradebook.csv"), delimiter: .comma)
        #expect(csv.rows.count == 10)
        #expect(csv.header.last == "Total" && csv.header.contains("00-fixtures/01-counter"))
        for row in csv.rows {
            let id = row["ID"] ?? ""
            #expect(row["Total"] == String(format: "%.2f", BatchReport.rounded(student[id]?.score ?? -1)), "\(id)")
        }
        #expect(csv.rows.first { $0["ID"] == "ana" }?["00-fixtures/01-counter"] == "10.00")

        // Every other format is written from the same report, and students' files never name a
        // hidden case.
        for path in ["junit.xml", "summary.html", "feedback/ben.md", "feedback/ben.html",
                     "gradescope/ben/results.json", "exercism/ben/01-counter/results.json"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
        }
        let feedback = try String(contentsOf: out.appendingPathComponent("feedback/ben.md"), encoding: .utf8)
        #expect(feedback.contains("survives a relaunch") || feedback.contains("increments"), "\(feedback)")
        #expect(!feedback.contains("a kill loses what was not saved"), "a hidden case is only counted")

        // Run again: every student comes from the journal, and loses nothing on the way.
        let again = try batch(arguments, in: course)
        #expect(again.stderr.contains("grading 0 of 10 students (10 already graded in the journal)"))
        #expect(try studentsJSON(out) == (try studentsJSON(out, from: report)), "the journal keeps every report whole")
    }

    /// The students of `report` (or of the folder's report.json) as JSON, to compare them whole.
    private func studentsJSON(_ out: URL, from report: BatchReport? = nil) throws -> String {
        String(decoding: try JSONReport.render(try report ?? self.report(out)), as: UTF8.self)
            .components(separatedBy: "\n").filter { !$0.contains("\"generated_at\"") }.joined(separator: "\n")
    }

    @Test func anAssignmentOfPartOfTheCourseGradesOnlyItsExercises() throws {
        // Students hand in the one exercise the assignment asks for; the rest of the course is
        // not theirs to be graded on, nor missing.
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        try fixture.folder("class/ana", ["01-counter/Solution.swift": try Fixtures.submission("passes")])
        try fixture.folder("class/ben", ["01-counter/Solution.swift": try Fixtures.submission("passes") + "\n// ben\n"])
        let out = fixture.url("out")
        let result = try batch([fixture.url("class/ana").path, fixture.url("class/ben").path, "--out", out.path,
                                "--exercise", "counter"], in: course)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try report(out)
        for student in report.students.map(\.report) {
            #expect(student.exercises.map(\.id) == ["00-fixtures/01-counter"], "\(student.id)")
            #expect(student.points == 10 && student.score == 10, "\(student.id): \(student.score)/\(student.points)")
            #expect(!student.notes.contains { $0.contains("missing") }, "\(student.notes)")
        }
        let whole = try batch([fixture.url("class/ana").path, "--out", fixture.url("whole").path], in: course)
        #expect(whole.status == 0)
        #expect(try self.report(fixture.url("whole")).students[0].report.notes.contains { $0.contains("missing") },
                "without --exercise, the other exercises are missing")
    }

    @Test func aBatchKilledWithSIGKILLResumesAndGradesEveryStudentExactlyOnce() throws {
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        let passes = try Fixtures.submission("passes")
        let ids = (1...6).map { "s\($0)" }
        for (index, id) in ids.enumerated() {
            // Different files, so that each student builds and runs for real.
            try fixture.folder("class/\(id)", ["01-counter/Solution.swift": passes + "\n// student \(index)\n"])
        }
        let out = fixture.url("out")
        let arguments = ids.map { fixture.url("class/\($0)").path } + ["--out", out.path, "--jobs", "1"]
        let (process, _, _) = try start(arguments, in: course)
        let journal = out.appendingPathComponent("journal.sqlite")
        var recorded: [String: Int] = [:]
        while process.isRunning && recorded.isEmpty {
            recorded = journalRows(journal)
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "killed before it finished")
        let done = journalRows(journal)
        try #require(!done.isEmpty && done.count < ids.count, "the kill came after the first student and before the last")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))

        let resumed = try batch(arguments, in: course)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("grading \(ids.count - done.count) of \(ids.count) students (\(done.count) already graded in the journal)"))
        let regraded = Set(resumed.stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]"), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(close, offsetBy: 2)..<colon])
        })
        #expect(regraded == Set(ids).subtracting(done.keys), "only the students the journal lacked")
        let final = journalRows(journal)
        #expect(Set(final.keys) == Set(ids))
        #expect(final.values.allSatisfy { $0 == 1 }, "every student graded exactly once: \(final)")
        #expect(try report(out).students.count == ids.count)

        // --student regrades one; --force everyone.
        let one = try batch(arguments + ["--student", "s2"], in: course)
        #expect(one.stderr.contains("grading 1 of 6 students"))
        #expect(journalRows(journal)["s2"] == 2)
        let unknown = try batch(arguments + ["--student", "nobody"], in: course)
        #expect(unknown.status == 2 && unknown.stderr.contains("--student nobody: no submission has that identifier"))
    }

    @Test func aBatchReusesVerdictsAndRunsEveryCase() throws {
        // How thoroughly it explores is not a batch's choice: check, verify and batch explore
        // the same sequences (ExplorationTests.checkVerifyAndBatchExploreTheSameSequences).
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let options = workspace.batch(BatchOptions(output: course.root.appendingPathComponent("out"), jobs: 2)).grader.options
        #expect(options.reusesResults, "identical binaries of different students share verdicts")
        #expect(!options.stopsAtFirstFailure, "every case is run for the feedback")
    }

    @Test func noCacheRunsEveryCaseAgainWithTheSameVerdicts() throws {
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        try fixture.folder("class/ana", ["01-counter/Solution.swift": try Fixtures.submission("passes")])
        try fixture.folder("class/ben", ["01-counter/Solution.swift": try Fixtures.submission("wrong-value")])
        func grade(_ out: String, _ extra: [String] = []) throws -> [[CaseResult]] {
            let run = try batch([fixture.url("class/ana").path, fixture.url("class/ben").path, "--out", fixture.url(out).path,
                                 "--jobs", "2", "--no-known-bugs", "--exercise", "01-counter"] + extra, in: course)
            #expect(run.status == 0, "\(run.stderr)")
            return try report(fixture.url(out)).students.map { $0.report.exercises.flatMap(\.cases) }
        }
        let first = try grade("out1")
        let again = try grade("out2")
        let fresh = try grade("out3", ["--no-cache"])
        #expect(again.joined().allSatisfy { $0.cached }, "a second batch reuses the first one's verdicts")
        #expect(!fresh.joined().isEmpty && fresh.joined().allSatisfy { !$0.cached }, "--no-cache runs every case again")
        #expect(fresh.map { $0.map(\.status) } == first.map { $0.map(\.status) })
        #expect(fresh[1].contains { $0.status == .failed }, "ben's wrong value still fails")
    }

    @Test func aTimeBudgetStopsAStudentsRemainingCases() throws {
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        try fixture.folder("class/dan", ["01-counter/Solution.swift": try Fixtures.submission("infinite-loop")])
        let out = fixture.url("out")
        // The endless loop alone outlasts the budget (it runs until the course's 3 s limit).
        let run = try batch([fixture.url("class/dan").path, "--out", out.path, "--jobs", "1", "--time-budget", "1"], in: course)
        #expect(run.status == 0, "\(run.stderr)")
        let dan = try report(out).students[0].report
        #expect(dan.notes.contains { $0.hasPrefix("the time budget of 1 s was reached: ") })
        #expect(dan.exercises.flatMap(\.cases).contains { $0.status == .failed && $0.failure == nil })
    }

    /// Each student's number of gradings in the journal, read with SQLite as any tool would.
    private func journalRows(_ url: URL) -> [String: Int] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        var database: OpaquePointer?
        guard sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [:] }
        defer { sqlite3_close(database) }
        sqlite3_busy_timeout(database, 5_000)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT id, gradings FROM students", -1, &statement, nil) == SQLITE_OK else { return [:] }
        defer { sqlite3_finalize(statement) }
        var rows: [String: Int] = [:]
        while sqlite3_step(statement) == SQLITE_ROW {
            rows[String(cString: sqlite3_column_text(statement, 0))] = Int(sqlite3_column_int64(statement, 1))
        }
        return rows
    }
}

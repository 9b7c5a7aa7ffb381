import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

struct ReportTests {
    /// The JSON report with every `duration` set to 0: the only values that vary between runs.
    private func normalized(_ data: Data) throws -> String {
        func strip(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members):
                return .object(members.reduce(into: [:]) { result, member in
                    result[member.key] = member.key == "duration" ? .int(0) : strip(member.value)
                })
            case .array(let elements): return .array(elements.map(strip))
            default: return value
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(strip(try JSONValue(parsing: data))), as: UTF8.self) + "\n"
    }

    private func report(submission: String) throws -> RunReport {
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission(submission))
        let workspace = try GradingHarness.workspace(course)
        let results = try workspace.grader(GraderOptions(jobs: 2)).grade([try requireExercise("counter", in: workspace)])
        return RunReport(course: workspace.course.title, exercises: results).redactingHiddenCases()
    }

    /// Compares with `Tests/Fixtures/golden/NAME.json`; `UPDATE_GOLDEN=1` rewrites it.
    private func expectGolden(_ name: String, _ text: String) throws {
        let url = Fixtures.directory.appendingPathComponent("golden/\(name).json")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "the report differs from golden/\(name).json; rerun with UPDATE_GOLDEN=1 and review the diff")
    }

    @Test func wrongValueReportMatchesGolden() throws {
        try expectGolden("wrong-value", try normalized(try JSONReport.render(try report(submission: "wrong-value"))))
    }

    @Test func compileErrorReportMatchesGolden() throws {
        try expectGolden("compile-error", try normalized(try JSONReport.render(try report(submission: "compile-error"))))
    }

    @Test func longValuesAreShortenedInTheTerminalOnly() {
        let long = "[" + Array(repeating: "1", count: 300).joined(separator: ",") + "]"
        #expect(TerminalReport.shortened("[1,2]") == "[1,2]")
        let shown = TerminalReport.shortened(long)
        #expect(shown.hasPrefix(String(long.prefix(400)) + "…"))
        #expect(shown.hasSuffix("(601 characters; `--format json` shows all)"))
    }

    @Test func hiddenCasesAreRedacted() throws {
        let redacted = try report(submission: "memory-only")
        let hidden = try #require(redacted.exercises[0].cases.first { $0.hidden })
        #expect(hidden.status == .failed)
        #expect(hidden.name == "hidden case 6")
        #expect(hidden.failure == nil)
    }

    @Test func aCrashsOwnLineIsQuotedOnceWithItsPlace() throws {
        let text = TerminalReport(style: TerminalStyle(colors: false)).render(try report(submission: "crash"))
        let fatal = text.split(separator: "\n").filter { $0.contains("Fatal error") }
        #expect(fatal.count == 1, "\(text)")
        #expect(fatal.first?.contains("the app crashed (SIGILL") == true, "\(text)")
        #expect(fatal.first?.contains("Solution.swift:") == true, "the line names where, \(text)")
    }

    @Test func terminalReportShowsTheFirstFailureAndTheSummary() throws {
        let text = TerminalReport(style: TerminalStyle(colors: false)).render(try report(submission: "wrong-value"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("✗ 00-fixtures/01-counter  3/6 cases  Counter"))
        #expect(lines.contains(#"    ✗ case "increments", step 1: call increment {"by":2}"#))
        #expect(lines.contains("      expected 2, got 3"))
        #expect(lines.contains("    (2 more failing cases)"))
        #expect(lines.contains("    stuck? grader hint counter"))
        #expect(lines.last == "0 passed, 1 failed")
        #expect(!text.contains("\u{1B}["))
    }

    /// A long verify's failures are named again just above its summary, where a log's tail shows
    /// them; a clean one adds nothing there.
    @Test func verifyRecapsItsFailuresAboveTheSummary() {
        let report = VerifyReport(problems: [], checks: [
            VerifyCheck(exercise: "01-a/01-one", check: "reference passes every case", passed: true, details: []),
            VerifyCheck(exercise: "01-a/02-two", check: "mutant slow-save compiles and fails a case", passed: false,
                        details: ["every case passed", "second line"]),
            VerifyCheck(exercise: "01-a/03-three", check: "launches exec'd give the same verdicts", passed: false, details: []),
        ])
        let lines = VerifyTerminalReport(style: TerminalStyle(colors: false)).render(report)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let summary = lines.firstIndex(of: "verify: 1 passed, 2 failed")
        #expect(summary != nil)
        let recap = lines.firstIndex(of: "failed:")
        #expect(recap != nil && recap! > lines.firstIndex(of: "✗ 01-a/03-three: launches exec'd give the same verdicts")!)
        #expect(Array(lines[(recap ?? 0)...].prefix(5)) == [
            "failed:",
            "  ✗ 01-a/02-two: mutant slow-save compiles and fails a case (every case passed)",
            "  ✗ 01-a/03-three: launches exec'd give the same verdicts",
            "",
            "verify: 1 passed, 2 failed",
        ])

        // A lesson's first failure, which names its file and line, and a course problem.
        var lessons = report
        lessons.checks = [report.checks[0]]
        lessons.problems = [CourseProblem(file: "grader.yml", line: 3, column: 5, field: "lessons[1]", message: "no such lesson")]
        lessons.lessons = [
            LessonResult(lesson: "Lessons/01-a.md", checks: 4, failures: [], problems: [], fixed: 0),
            LessonResult(lesson: "Lessons/02-b.md", checks: 4, failures: [
                LessonFailure(file: "Lessons/02-b.md", line: 42, message: "expected \"1\", got \"2\""),
                LessonFailure(file: "Lessons/02-b.md", line: 50, message: "the block did not compile"),
            ], problems: [], fixed: 0),
        ]
        #expect(VerifyTerminalReport(style: TerminalStyle(colors: false)).recap(lessons) == [
            "failed:",
            "  ✗ grader.yml:3:5: lessons[1]: no such lesson",
            "  ✗ Lessons/02-b.md:42: expected \"1\", got \"2\"",
            "",
        ])

        var clean = report
        clean.checks = [report.checks[0]]
        #expect(!VerifyTerminalReport(style: TerminalStyle(colors: false)).render(clean).contains("failed:"))
    }
}

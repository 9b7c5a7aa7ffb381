import ExerciseKit
import Foundation
import Testing

/// What the long commands (`check`, `verify`, `lessons check`) show while they run, through the
/// real `grader`: a line per finished exercise or lesson on standard error (under a bar redrawn
/// in place on a terminal, plain elsewhere), and the report, unchanged, on standard output.
@Suite(.serialized) struct CommandProgressTests {

    private func course() throws -> TemporaryCourse {
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("passes"))
        return course
    }

    private func run(_ arguments: [String], in course: TemporaryCourse) throws -> GraderProcess.Output {
        let output = try GraderProcess.run(arguments, in: course.root, environment: ["CI": "", "NO_COLOR": "", "TERM": "xterm"])
        // Plain progress only: nothing redrawn, no colours, in a pipe.
        #expect(!output.stderr.contains("\r") && !output.stderr.contains("\u{1B}") && !output.stderr.contains("█"),
                "\(arguments): \(output.stderr.debugDescription)")
        return output
    }

    @Test func checkPrintsALinePerExerciseOnStandardErrorAndItsReportOnStandardOutput() throws {
        let course = try course()
        let plain = try run(["check", "counter", "ledger"], in: course)
        #expect(plain.status == 1, "the ledger's starter fails: \(plain.stdout)")
        let lines = plain.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("[") && $0.contains("/2] ✓ 00-fixtures/01-counter") && $0.contains("6/6 cases") },
                "\(plain.stderr)")
        #expect(lines.contains { $0.contains("/2] ✗ 00-fixtures/04-ledger") }, "\(plain.stderr)")
        #expect(lines.contains { $0.hasPrefix("[1/2] ") } && lines.contains { $0.hasPrefix("[2/2] ") })
        // The report on standard output is the whole report, as before.
        #expect(plain.stdout.contains("✓ 00-fixtures/01-counter") && plain.stdout.contains("✗ 00-fixtures/04-ledger"))
        #expect(plain.stdout.hasSuffix("1 passed, 1 failed\n"))
        #expect(!plain.stdout.contains("[1/2]"))

        let json = try run(["check", "counter", "ledger", "--format", "json", "--no-cache"], in: course)
        let report = try JSONValue(parsing: json.stdout)
        guard case .array(let exercises)? = report["exercises"] else {
            Issue.record("no exercises in \(json.stdout)")
            return
        }
        #expect(exercises.count == 2)
        #expect(json.stderr.contains("[2/2] "), "\(json.stderr)")
    }

    @Test func verifyPrintsALinePerExercise() throws {
        let course = try TemporaryCourse.fixture()
        let verified = try run(["verify", "counter", "--format", "json", "--compare-launches"], in: course)
        #expect(verified.status == 0, "\(verified.stdout)\n\(verified.stderr)")
        let verifiedLines = verified.stderr.split(separator: "\n").map(String.init)
        let exerciseLine = try #require(verifiedLines.firstIndex { $0.hasPrefix("[1/1] ✓ 00-fixtures/01-counter: ") && $0.contains("checks passed") },
                                        "\(verified.stderr)")
        _ = try JSONValue(parsing: verified.stdout)
        // Grading everything again takes a while: a line says so once the exercises are done.
        // (The counter's reference, starter and one mutant.)
        let comparingLine = try #require(verifiedLines.firstIndex { $0.hasPrefix("launches: grading the 3 files again with each launch ") && $0.hasSuffix(", to compare the verdicts…") },
                                         "\(verified.stderr)")
        #expect(comparingLine > exerciseLine)

        // With --mutants, a line says what runs once the exercises are verified.
        let scored = try run(["verify", "counter", "--mutants", "--mutants-per-exercise", "2"], in: course)
        #expect(scored.status == 0, "\(scored.stdout)\n\(scored.stderr)")
        let lines = scored.stderr.split(separator: "\n").map(String.init)
        let verifiedLine = try #require(lines.firstIndex { $0.hasPrefix("[1/1] ✓ 00-fixtures/01-counter: ") }, "\(scored.stderr)")
        let mutantsLine = try #require(lines.firstIndex { $0.hasPrefix("mutation score: generating and grading mutants") }, "\(scored.stderr)")
        #expect(mutantsLine > verifiedLine)
        // Then a line per exercise once its generated mutants are all graded, with its counts.
        let scoredLine = try #require(lines.firstIndex { $0.hasPrefix("[1/1] ") && $0.contains("00-fixtures/01-counter: ") && $0.contains(" mutants caught") },
                                      "\(scored.stderr)")
        #expect(scoredLine > mutantsLine)
        #expect(lines[scoredLine].contains(" of 2 mutants caught") || lines[scoredLine].contains("did not compile"), "\(lines[scoredLine])")
        #expect(scored.stdout.contains("mutation score"), "the report has the score: \(scored.stdout)")
    }

    @Test func lessonsCheckPrintsALinePerLesson() throws {
        let course = try course()
        let lesson = try String(contentsOf: Fixtures.directory.appendingPathComponent("lessons/passing.md"), encoding: .utf8)
        try course.write("Lessons/00-fixtures.md", lesson)
        let checked = try run(["lessons", "check"], in: course)
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        #expect(checked.stderr.split(separator: "\n").contains { $0.hasPrefix("[1/1] ✓ Lessons/00-fixtures.md  ") },
                "\(checked.stderr)")
        #expect(checked.stdout.hasSuffix("lessons: 1 passed, 0 failed\n"))
    }

    @Test func aTerminalGetsTheBarAndEachExercisesLineThenTheWholeReport() throws {
        let course = try course()
        let output = try PseudoTerminal.run(["check", "counter", "ledger"], in: course.root,
                                            environment: ["TERM": "xterm"], stderrOnTerminal: true)
        let text = output.screen
        #expect(output.status == 1, "\(text)")
        #expect(text.contains("\r\u{1B}[K"), "the bar is redrawn in place: \(text.debugDescription)")
        #expect(text.contains("█") || text.contains("░"), "\(text.debugDescription)")
        #expect(text.contains("/2 exercises · "), "the counts and the time so far: \(text.debugDescription)")
        // Each exercise's line stays above the bar as it finishes, before the report starts.
        let summary = try #require(text.range(of: "1 passed, 1 failed"), "\(text.debugDescription)")
        let during = text[..<summary.lowerBound]
        #expect(during.contains("00-fixtures/01-counter") && during.contains("00-fixtures/04-ledger"))
        // The whole report follows, each exercise once more in it, with the first failing case.
        // (after the bar's last drawing: it may be redrawn, ticking, before the grading ends)
        let reportStart = try #require(during.range(of: "2/2 exercises", options: .backwards))
        let report = text[reportStart.upperBound...]
        #expect(report.contains("00-fixtures/01-counter") && report.contains("case \""), "\(report.debugDescription)")
        #expect(!report.contains("█") && !report.contains("░"), "no bar is left once the report prints")
    }
}

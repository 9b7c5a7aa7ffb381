import Foundation
import GraderCore

/// `gradescope/<id>/results.json`: each student's result in Gradescope's autograder format
/// (https://gradescope-autograders.readthedocs.io/en/latest/specs/), for a `run_autograder`
/// that grades one submission with `grader batch` and copies this file to
/// `/autograder/results/results.json` (the recipe is in `Docs/batch-formats.md`).
///
/// The top-level `score` is the student's points, rounded to two decimals (it overrides the sum
/// of the tests' scores, so rounding each test cannot change the total). One test per case,
/// named `<exercise title> › <case>`, worth its weight's share of the exercise's points, with
/// `status` `passed` or `failed` and the terminal report's lines as `output`. Hidden cases get
/// `"visibility": "hidden"`, which Gradescope never shows to students, so they keep their real
/// names for the instructor, but not their details: their output says only that they failed.
/// The top-level `output` holds the batch's notes and the known bugs the student's failures match.
public struct GradescopeWriter: BatchOutputFormat {
    /// Gives the cases of exercises that did not compile, each a failed test.
    public var course: Course?

    public init(course: Course? = nil) {
        self.course = course
    }

    struct Results: Codable {
        var score: Double
        var execution_time: Double
        var output: String
        var tests: [Test]
    }

    struct Test: Codable {
        var name: String
        var number: String
        var score: Double
        var max_score: Double
        var status: String
        var output: String
        var visibility: String
    }

    public func render(_ reports: [StudentReport]) throws -> [OutputFile] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try reports.map { report in
            OutputFile(path: "gradescope/\(StudentFileName.component(report.id))/results.json",
                       contents: try encoder.encode(results(report)) + Data("\n".utf8))
        }
    }

    /// Without the processor wait, measured per run: the same file gets the same text every run.
    private static let terminal: TerminalReport = {
        var report = TerminalReport(style: TerminalStyle(colors: false))
        report.showsProcessorWait = false
        return report
    }()

    func results(_ report: StudentReport) -> Results {
        var tests: [Test] = []
        for (exerciseNumber, exercise) in report.exercises.enumerated() {
            let diagnostics = Self.terminal.renderErrors(exercise.diagnostics, limit: 5)
            for (caseNumber, outcome) in CaseOutcome.outcomes(of: exercise, in: course).enumerated() {
                let output: String
                switch outcome.verdict {
                case .passed: output = ""
                case .notRun:
                    output = exercise.status == .compileError
                        ? "Your code does not compile:\n" + diagnostics.joined(separator: "\n")
                        : "Not graded: \(exercise.problems.first ?? "a problem with the course")"
                case .failed, .courseFault:
                    if outcome.hidden {
                        output = "This hidden case failed; its details are not shown."
                    } else {
                        output = outcome.result.map { Self.terminal.render($0).joined(separator: "\n") } ?? ""
                    }
                }
                tests.append(Test(
                    name: "\(exercise.title) › \(outcome.name)", number: "\(exerciseNumber + 1).\(caseNumber + 1)",
                    score: Score.rounded(outcome.score, places: 4), max_score: Score.rounded(outcome.maxScore, places: 4),
                    status: outcome.verdict == .passed ? "passed" : "failed", output: output,
                    visibility: outcome.hidden ? "hidden" : "visible"))
            }
        }
        let knownBugs = (report.knownBugs ?? []).compactMap { match -> String? in
            let title = report.exercises.first { $0.id == match.exercise }?.title ?? match.exercise
            return FeedbackDocument.knownBugText(match.mutants).map { "\(title): \($0)" }
        }
        return Results(score: Score.rounded(report.score), execution_time: Score.rounded(report.duration),
                       output: (report.notes + knownBugs).joined(separator: "\n"), tests: tests)
    }
}

import Foundation
import GraderCore

/// `exercism/<id>/<exercise>/results.json`: each exercise of each student in Exercism's test
/// runner format, version 3
/// (https://github.com/exercism/docs/blob/main/building/tooling/test-runners/interface.md), so
/// tools built for Exercism's runners (and its website's results view) read them.
///
/// `status` is `pass` when every case passed, `error` when the code did not compile (the
/// top-level `message` then holds the compiler's messages, as the spec asks of compiled
/// languages) or the course kept it from being graded, and `fail` otherwise. One test per case,
/// in the course's order, with `status` `pass`/`fail`/`error`, the terminal report's lines as
/// `message`, what the code printed as `output` (cut to the spec's 500 characters), and the
/// case's steps as `test_code` when the course is given. `task_id` is left out: the exercises
/// have no numbered tasks a case belongs to. Hidden cases are `hidden case N` without details.
public struct ExercismWriter: BatchOutputFormat {
    /// Gives each case's steps (`test_code`).
    public var course: Course?

    public init(course: Course? = nil) {
        self.course = course
    }

    struct Results: Codable {
        var version = 3
        var status: String
        var message: String?
        var tests: [Test]
    }

    struct Test: Codable {
        var name: String
        var status: String
        var message: String?
        var output: String?
        var test_code: String?
    }

    public func render(_ reports: [StudentReport]) throws -> [OutputFile] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try reports.map { $0.redactingHiddenCases() }.flatMap { report in
            try report.exercises.map { exercise in
                let slug = String(exercise.id.split(separator: "/").last ?? Substring(exercise.id))
                return OutputFile(path: "exercism/\(StudentFileName.component(report.id))/\(StudentFileName.component(slug))/results.json",
                                  contents: try encoder.encode(results(exercise)) + Data("\n".utf8))
            }
        }
    }

    private static let terminal = TerminalReport(style: TerminalStyle(colors: false))
    static let outputLimit = 500

    func results(_ exercise: ExerciseResult) -> Results {
        let tests = CaseOutcome.outcomes(of: exercise, in: course).map { outcome -> Test in
            var test = Test(name: outcome.shownName, status: "pass", message: nil, output: nil,
                            test_code: outcome.hidden ? nil : outcome.steps?.joined(separator: "\n"))
            switch outcome.verdict {
            case .passed: break
            case .notRun: test.status = "error"
            case .courseFault, .failed:
                test.status = outcome.verdict == .failed ? "fail" : "error"
                if let result = outcome.result, result.failure != nil {
                    test.message = Self.terminal.render(result).joined(separator: "\n")
                    if let printed = result.failure?.stdout, !printed.isEmpty { test.output = Self.limited(printed) }
                } else {
                    test.message = "This hidden case failed; its details are not shown."
                }
            }
            return test
        }
        switch exercise.status {
        case .passed:
            return Results(status: "pass", message: nil, tests: tests)
        case .failed:
            return Results(status: "fail", message: nil, tests: tests)
        case .compileError:
            let lines = Self.terminal.renderErrors(exercise.diagnostics)
            return Results(status: "error", message: "Your code does not compile:\n" + lines.joined(separator: "\n"), tests: tests)
        case .courseError:
            return Results(status: "error", message: "A problem with the course, not your code: "
                           + (exercise.problems.first ?? "the exercise could not be graded"), tests: tests)
        }
    }

    static func limited(_ text: String) -> String {
        guard text.count > outputLimit else { return text }
        let notice = "\nOutput was truncated. Please limit to 500 chars"
        return String(text.prefix(outputLimit - notice.count)) + notice
    }
}

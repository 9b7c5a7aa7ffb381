import Foundation
import GraderCore

/// `junit.xml`: the class as JUnit XML in Apache Ant's report layout, which Jenkins, GitLab and
/// most CI dashboards read (the tests validate it against `Tests/Fixtures/junit/junit.xsd`).
///
/// One `testsuite` per student and exercise (`package` is the student's id, `name`
/// `<id>/<exercise id>`), one `testcase` per case. A failing case has a `failure` whose `type`
/// is the failure's kind (`wrong_value`, `crashed`…) and whose text is the terminal report's
/// lines; a case the course could not compare is an `error`; when the code did not compile each
/// of the course's cases is an `error` of type `compile_error` carrying the compiler's
/// messages. Hidden cases appear as `hidden case N` with no details, as in students' reports.
/// `system-out` holds the batch's notes and the known bug the exercise's failures match.
public struct JUnitWriter: BatchOutputFormat {
    /// Gives the cases of exercises that did not compile; without it such an exercise is one
    /// `testcase` named `build`.
    public var course: Course?
    /// The `hostname` attribute the schema requires.
    public var hostname: String

    public init(course: Course? = nil, hostname: String = "localhost") {
        self.course = course
        self.hostname = hostname
    }

    public func render(_ reports: [StudentReport]) throws -> [OutputFile] {
        [OutputFile(path: "junit.xml", text: xml(reports))]
    }

    private static let terminal = TerminalReport(style: TerminalStyle(colors: false))

    func xml(_ reports: [StudentReport]) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<testsuites>"]
        var suiteID = 0
        for report in reports.map({ $0.redactingHiddenCases() }) {
            for exercise in report.exercises {
                lines += suite(exercise, of: report, id: suiteID)
                suiteID += 1
            }
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func suite(_ exercise: ExerciseResult, of report: StudentReport, id: Int) -> [String] {
        let suiteName = "\(report.id)/\(exercise.id)"
        let cases = CaseOutcome.outcomes(of: exercise, in: course)
        let failures = cases.filter { $0.verdict == .failed }.count
        let errors = cases.filter { $0.verdict == .courseFault || $0.verdict == .notRun }.count
        var lines = ["  <testsuite" + attributes([
            ("name", suiteName), ("package", report.id), ("id", String(id)), ("timestamp", Self.timestamp(report.gradedAt)),
            ("hostname", hostname), ("tests", String(cases.count)), ("failures", String(failures)),
            ("errors", String(errors)), ("time", Self.seconds(exercise.duration)),
        ]) + ">"]
        lines.append("    <properties>")
        var properties: [(String, String)] = [("student", report.id)]
        if let name = report.name { properties.append(("name", name)) }
        properties += [("source", report.source), ("submissionHash", report.submissionHash),
                       ("exercise", exercise.title), ("score", Score.text(exercise.score)), ("points", String(exercise.points))]
        lines += properties.map { "      <property" + attributes([("name", $0.0), ("value", $0.1)]) + "/>" }
        lines.append("    </properties>")
        for outcome in cases {
            lines += testcase(outcome, exercise: exercise, className: suiteName)
        }
        let knownBugs = FeedbackDocument.knownBugText(report.knownBugs?.first { $0.exercise == exercise.id }?.mutants ?? [])
        lines.append("    <system-out>\(Markup.xml((report.notes + [knownBugs].compactMap { $0 }).joined(separator: "\n")))</system-out>")
        lines.append("    <system-err></system-err>")
        lines.append("  </testsuite>")
        return lines
    }

    private func testcase(_ outcome: CaseOutcome, exercise: ExerciseResult, className: String) -> [String] {
        let open = "    <testcase" + attributes([
            ("name", outcome.shownName), ("classname", className), ("time", Self.seconds(outcome.result?.duration ?? 0)),
        ])
        switch outcome.verdict {
        case .passed:
            return [open + "/>"]
        case .notRun:
            let diagnostics = Self.terminal.renderErrors(exercise.diagnostics)
            let type = exercise.status == .compileError ? "compile_error" : "course_error"
            let message = exercise.status == .compileError ? "the code does not compile" : (exercise.problems.first ?? "a problem with the course")
            return [open + ">", "      <error" + attributes([("message", message), ("type", type)]) + ">"
                    + Markup.xml(diagnostics.joined(separator: "\n")) + "</error>", "    </testcase>"]
        case .failed, .courseFault:
            let element = outcome.verdict == .failed ? "failure" : "error"
            let failure = outcome.result?.failure
            let message = failure?.message ?? "a hidden case failed; its details are not shown"
            let type = failure?.kind.rawValue ?? "hidden"
            let text = (outcome.result.flatMap { $0.failure == nil ? nil : Self.terminal.render($0) } ?? [])
                .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
            return [open + ">", "      <\(element)" + attributes([("message", message), ("type", type)]) + ">"
                    + Markup.xml(text.joined(separator: "\n")) + "</\(element)>", "    </testcase>"]
        }
    }

    private func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(Markup.xmlAttribute($0.1))\"" }.joined()
    }

    /// The schema's timestamp has no zone (`2026-11-25T02:07:47`): the UTC time of `gradedAt`.
    static func timestamp(_ iso8601: String) -> String {
        let parser = ISO8601DateFormatter()
        var date = parser.date(from: iso8601)
        if date == nil {
            parser.formatOptions.insert(.withFractionalSeconds)
            date = parser.date(from: iso8601)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date ?? Date(timeIntervalSince1970: 0))
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value))
    }
}

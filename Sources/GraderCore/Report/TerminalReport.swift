import ExerciseKit
import Foundation

/// Renders results for a person at a terminal: a line per exercise, the first failing case of
/// each failed exercise with its difference, and the summary line `N passed, M failed`.
public struct TerminalReport {
    public var style: TerminalStyle
    /// Whether a failed exercise ends with `stuck? grader hint NAME` (not where a key gives the hint).
    public var suggestsHints = true
    /// Whether a timeout says how long the app waited for a processor on a busy machine. That
    /// is measured per run: outputs that must be the same on every run of a file leave it out.
    public var showsProcessorWait = true

    public init(style: TerminalStyle) {
        self.style = style
    }

    public func render(_ report: RunReport) -> String {
        var lines: [String] = []
        let width = report.exercises.map(\.id.count).max() ?? 0
        for exercise in report.exercises {
            lines += render(exercise, idWidth: width)
        }
        lines.append("")
        lines.append(summaryLine(report.summary))
        lines += unenforcedLines(report.unenforcedLimits)
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the run was not bounded by on this machine, after the summary.
    package func unenforcedLines(_ limits: [UnenforcedLimit]) -> [String] {
        guard !limits.isEmpty else { return [] }
        return [style.yellow("limits not enforced on this machine:")] + limits.map { "  \($0)" }
    }

    package func summaryLine(_ summary: RunReport.Summary) -> String {
        let text = "\(summary.passed) passed, \(summary.failed) failed"
        return summary.failed == 0 ? style.green(text) : style.red(text)
    }

    /// An exercise's first line: `✓ 01-defaults/01-car-settings  6/6 cases  Car settings`, its
    /// id padded to `idWidth` (what `check` prints as each exercise finishes).
    package func headline(_ result: ExerciseResult, idWidth: Int) -> String {
        let id = result.id.padding(toLength: max(idWidth, result.id.count), withPad: " ", startingAt: 0)
        let reused = !result.cases.isEmpty && result.cases.allSatisfy(\.cached)
        let cases = "\(result.casesPassed)/\(result.casesTotal) cases" + (reused ? style.dim(" (cached)") : "")
        switch result.status {
        case .passed: return "\(style.green("✓")) \(id)  \(cases)  \(result.title)"
        case .compileError: return "\(style.red("✗")) \(id)  \(style.red("does not compile"))  \(result.title)"
        case .failed: return "\(style.red("✗")) \(id)  \(style.red(cases))  \(result.title)"
        case .courseError: return "\(style.red("✗")) \(id)  \(style.yellow("course problem"))  \(result.title)"
        }
    }

    package func render(_ result: ExerciseResult, idWidth: Int) -> [String] {
        var lines = [headline(result, idWidth: idWidth)]
        let retried = result.cases.filter { $0.overloadRetry != nil }
        if showsProcessorWait, let first = retried.first?.overloadRetry {
            let cases = retried.count == 1 ? "case \"\(retried[0].name)\"" : "\(retried.count) cases"
            lines.append(style.dim("    (\(cases) \(first))"))
        }
        switch result.status {
        case .passed:
            return lines
        case .compileError:
            lines += DiagnosticLines(style: style).render(result.diagnostics)
            if result.diagnostics.contains(where: { $0.file?.hasSuffix("Driver.swift") == true }) {
                lines.append(style.dim("    Driver.swift is the course's code that calls yours: check that your types and methods have the names and signatures the statement asks for (`grader show \(shortName(result.id))`)."))
            }
            return lines
        case .failed, .courseError:
            let failed = result.cases.filter { $0.status == .failed }
            if let first = failed.first(where: { !$0.hidden }) ?? failed.first {
                lines += render(first)
                if let variation = first.variation, variation.sequence != nil,
                   let number = variation.run.split(separator: " ").dropFirst().first {
                    lines.append(style.dim("      replay it: grader check \(shortName(result.id)) --sequence \(number)"))
                }
            }
            if failed.count > 1 {
                lines.append(style.dim("    (\(failed.count - 1) more failing case\(failed.count == 2 ? "" : "s"))"))
            }
            lines += result.problems.map { "    \(style.yellow($0))" }
            if result.status == .failed, suggestsHints {
                lines.append(style.dim("    stuck? grader hint \(shortName(result.id))"))
            }
            return lines
        }
    }

    /// `01-defaults/01-car-settings` → `car-settings`, the name learners type.
    private func shortName(_ id: String) -> String {
        let slug = String(id.split(separator: "/").last ?? Substring(id))
        guard let dash = slug.firstIndex(of: "-"), slug[..<dash].allSatisfy(\.isNumber) else { return slug }
        return String(slug[slug.index(after: dash)...])
    }

    /// One compiler message, with the line it quotes and a caret under its column.
    package func render(_ diagnostic: Diagnostic) -> [String] {
        DiagnosticLines(style: style).render(diagnostic)
    }

    /// The compiler's errors (the first `limit`), each with the notes that explain it, as the
    /// batch's feedback and formats show them; warnings are left out.
    package func renderErrors(_ diagnostics: [Diagnostic], limit: Int = .max) -> [String] {
        DiagnosticLines(style: style, errors: limit).renderErrors(diagnostics)
    }

    package func render(_ testCase: CaseResult) -> [String] {
        guard let failure = testCase.failure else {
            return ["    \(style.red("✗")) \(testCase.name) \(style.dim("(a hidden case: its details are not shown)"))"]
        }
        var lines = ["    \(style.red("✗")) case \"\(testCase.name)\", step \(failure.stepIndex + 1): \(Self.shortened(failure.step.description, limit: 200))"]
        if let variation = testCase.variation {
            var text = "      \(variation.run) (seed \(variation.seed))"
            if let detail = variation.detail { text += ": \(detail)" }
            lines.append(style.dim(text))
            if let input = variation.input {
                lines.append("      failing input: \(style.yellow(Self.shortened(input.jsonText)))")
            }
            if let original = variation.originalInput {
                lines.append(style.dim("      (first found as \(Self.shortened(original.jsonText)))"))
            }

        }
        if let environment = testCase.environment, environment != .neutral {
            lines.append(style.dim("      on a phone set to \(environment.describe())"))
        }
        if let changes = testCase.bundleChanges {
            lines.append(style.dim("      with the app bundle changed for this case: \(changes.description)"))
        }
        if failure.steps.count > 1 {
            // What led here matters: a relaunch or a kill is usually the point of the case.
            lines.append(style.dim("      steps: ") + failure.steps.map { Self.shortened($0.description) }.joined(separator: style.dim(" → ")))
        }
        lines.append("      \(failure.message)")
        if showsProcessorWait, let wait = failure.processorWait {
            lines.append(style.dim("      (not counting the \(StepJudge.formatSeconds(wait)) it waited for a processor on a busy machine)"))
        }
        if let expected = failure.expected, let actual = failure.actual {
            if failure.kind == .wrongOutput {
                lines.append("      expected output:")
                lines += block(expected, marker: "|")
                lines.append("      actual output:")
                lines += block(actual, marker: "|")
            } else if !Self.messageHoldsBothValues(failure) {
                lines.append("      expected: \(style.green(Self.shortened(expected)))")
                lines.append("      actual:   \(style.red(Self.shortened(actual)))")
            }
        }
        if failure.kind != .wrongOutput, !failure.stdout.isEmpty {
            lines.append(style.dim("      your code printed:"))
            lines += block(failure.stdout, marker: "|", limit: 10)
        }
        if !failure.stderr.isEmpty, [.crashed, .exited, .timedOut, .tooSlow].contains(failure.kind) {
            // The runtime's stack trace of addresses helps nobody here: keep the message.
            let message = failure.stderr.components(separatedBy: "Current stack trace:")[0]
            // A crash's one line ("Fatal error: …") is already quoted in the message above.
            let said = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if !said.allSatisfy({ failure.message.contains($0) }) {
                lines.append(style.dim("      standard error:"))
                lines += block(message, marker: "|", limit: 10)
            }
        }
        if let sequence = testCase.variation?.sequence {
            lines.append(style.dim("      as a case for exercise.yml:"))
            lines += sequence.split(separator: "\n").map { style.dim("        " + $0) }
        }
        return lines
    }

    private func block(_ text: String, marker: String, limit: Int = 40) -> [String] {
        var body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if body.last == "" { body.removeLast() }
        var lines = body.prefix(limit).map { "        \(style.dim(marker)) \($0)" }
        if body.count > limit { lines.append(style.dim("        … \(body.count - limit) more lines")) }
        return lines
    }

    /// Whether the one-line message already shows the whole expected and actual values: a
    /// difference at the top of two scalars (`expected false, got true`), which the
    /// `expected:`/`actual:` lines would only repeat.
    static func messageHoldsBothValues(_ failure: StepFailure) -> Bool {
        guard let mismatch = failure.mismatch, mismatch.path == "$", let actual = mismatch.actual else { return false }
        func isScalar(_ value: JSONValue) -> Bool {
            switch value {
            case .array, .object: return false
            case .null, .bool, .int, .double, .string: return true
            }
        }
        return isScalar(mismatch.expected) && isScalar(actual)
    }

    /// A value or step cut to `limit` characters for the terminal; the JSON report keeps it whole.
    static func shortened(_ text: String, limit: Int = 400) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count) characters; `--format json` shows all)"
    }
}

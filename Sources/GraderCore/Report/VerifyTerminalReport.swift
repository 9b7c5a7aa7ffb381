/// Renders a verify report for the terminal.
public struct VerifyTerminalReport {
    public var style: TerminalStyle

    public init(style: TerminalStyle) {
        self.style = style
    }

    public func render(_ report: VerifyReport) -> String {
        var lines: [String] = []
        for problem in report.problems {
            lines.append("\(style.red("✗")) \(problem)")
        }
        for check in report.checks {
            let mark = check.passed ? style.green("✓") : style.red("✗")
            lines.append("\(mark) \(check.exercise): \(check.check)")
            if !check.passed {
                lines += check.details.map { "    \($0)" }
            }
        }
        for lesson in report.lessons {
            let mark = lesson.passed ? style.green("✓") : style.red("✗")
            lines.append("\(mark) \(lesson.lesson): every Swift block compiles, runs and prints what the text says (\(lesson.checks) checks)")
            lines += lesson.problems.map { "    \($0)" }
            lines += lesson.failures.map { "    \($0)" }
        }
        lines.append("")
        lines.append("verify: \(report.passedCount) passed, \(report.failedCount) failed")
        return lines.joined(separator: "\n") + "\n"
    }
}

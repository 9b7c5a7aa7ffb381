import Foundation

/// Renders lesson results for the terminal.
public struct LessonTerminalReport {
    public var style: TerminalStyle

    public init(style: TerminalStyle) {
        self.style = style
    }

    /// A lesson's first line: `✓ Lessons/01-defaults.md  12 checks` (what `lessons check`
    /// prints as each lesson finishes).
    public func headline(_ result: LessonResult) -> String {
        let mark = result.passed ? style.green("✓") : style.red("✗")
        var line = "\(mark) \(result.lesson)  \(result.checks) checks"
        if result.fixed > 0 { line += style.yellow("  (\(result.fixed) rewritten by --fix: review with git diff)") }
        return line
    }

    public func render(_ results: [LessonResult]) -> String {
        var lines: [String] = []
        for result in results {
            lines.append(headline(result))
            lines += result.problems.map { "    \(style.red("✗")) \($0)" }
            for failure in result.failures {
                lines.append("    \(failure)")
                if let expected = failure.expected, let actual = failure.actual, expected.count + actual.count > 2 {
                    lines.append(style.dim("      expected:"))
                    lines += expected.map { "        \(style.green($0))" }
                    lines.append(style.dim("      got:"))
                    lines += actual.map { "        \(style.red($0))" }
                }
            }
        }
        let passed = results.filter(\.passed).count
        lines.append("")
        lines.append("lessons: \(passed) passed, \(results.count - passed) failed")
        return lines.joined(separator: "\n") + "\n"
    }
}

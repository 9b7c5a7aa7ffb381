/// Renders a verify report for the terminal.
public struct VerifyTerminalReport {
    public var style: TerminalStyle

    public init(style: TerminalStyle) {
        self.style = style
    }

    /// One finished exercise or lesson, as `verify` prints it while the rest runs:
    /// `✓ 01-defaults/01-car-settings: 5 checks passed`, `✗ …: 1 of 5 checks failed (mutant
    /// forgets-to-save compiles and fails a case)`.
    public func headline(_ event: VerifyProgress) -> String {
        switch event {
        case .exercise(let id, let checks):
            let failed = checks.filter { !$0.passed }
            guard !failed.isEmpty else {
                return "\(style.green("✓")) \(id): \(checks.count) check\(checks.count == 1 ? "" : "s") passed"
            }
            return "\(style.red("✗")) \(id): \(failed.count) of \(checks.count) checks failed (\(failed.map(\.check).joined(separator: "; ")))"
        case .lesson(let lesson):
            let mark = lesson.passed ? style.green("✓") : style.red("✗")
            return "\(mark) \(lesson.lesson): \(lesson.passed ? "every block prints what the text says" : "\(lesson.problems.count + lesson.failures.count) problem\(lesson.problems.count + lesson.failures.count == 1 ? "" : "s")") (\(lesson.checks) checks)"
        case .comparingLaunches(let files, let exec):
            return "launches: grading the \(files) files again with each launch \(exec ? "exec'd" : "forked"), to compare the verdicts…"
        case .checkingLessons(let count):
            return "lessons: running the blocks of \(count) lesson\(count == 1 ? "" : "s")…"
        case .scoringMutants(let exercises):
            return "mutation score: generating and grading mutants of the reference\(exercises == 1 ? "" : "s") of \(exercises) exercise\(exercises == 1 ? "" : "s")…"
        case .mutantsGraded(let exercise, let tried, let caught, let notCompiled, _):
            let survived = tried - caught - notCompiled
            let mark = survived == 0 ? style.green("✓") : style.yellow("·")
            return "\(mark) \(exercise): \(caught) of \(tried - notCompiled) mutants caught"
                + (notCompiled > 0 ? " (\(notCompiled) more did not compile)" : "")
        }
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
        for score in report.mutation {
            let mark = score.passed ? style.green("✓") : style.red("✗")
            let percent = Int((score.score * 100).rounded(.down))
            var summary = "\(mark) \(score.exercise): mutation score \(percent)% (\(score.caught) of \(score.caught + score.survivors.filter { $0.equivalentBecause == nil }.count) caught"
            if score.tried < score.generated { summary += ", a sample of \(score.tried) of \(score.generated) mutants" }
            if score.notCompiled > 0 { summary += ", \(score.notCompiled) did not compile" }
            summary += "; at least \(Int((score.minimum * 100).rounded()))% wanted)"
            lines.append(summary)
            for name in score.unknownEquivalents {
                lines.append("    equivalent_mutants names \(name), which is not among the generated mutants (the reference changed?): remove it")
            }
            if let fingerprint = score.equivalentsToReview {
                lines.append("    equivalent_mutants were judged for another reference or other mutations, or equivalent_mutants_reviewed is missing: once each mutant listed below still changes nothing for the reason given, write `equivalent_mutants_reviewed: \(fingerprint)` in exercise.yml (verify then stops grading them)")
            }
            for survivor in score.survivors {
                if let reason = survivor.equivalentBecause {
                    lines.append(style.dim("    equivalent\(survivor.graded ? "" : " (judged for this reference, not graded)"): \(survivor.name): \(reason)"))
                    continue
                }
                lines.append("    survived: \(survivor.name) (\(survivor.change))")
                lines += survivor.diff.split(separator: "\n").map { "      " + $0 }
            }
        }
        if report.mutation.contains(where: { $0.survivors.contains { $0.equivalentBecause == nil } }) {
            lines.append(style.dim("    a survivor is a bug no case catches: add a case that does, or list it under equivalent_mutants in exercise.yml with the reason it changes nothing"))
        }
        lines.append("")
        lines += recap(report)
        lines.append("verify: \(report.passedCount) passed, \(report.failedCount) failed")
        lines += TerminalReport(style: style).unenforcedLines(report.unenforcedLimits)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The failures again, one line each, just above the summary: a log's tail (what a CI page
    /// shows of a long run) then names every one, whatever printed before it.
    func recap(_ report: VerifyReport) -> [String] {
        var failures = report.problems.map { "\($0)" }
        failures += report.checks.filter { !$0.passed }.map { check in
            "\(check.exercise): \(check.check)" + (check.details.first.map { " (\($0.prefix(160)))" } ?? "")
        }
        // A lesson's first problem or failure, which names its file and line.
        failures += report.lessons.compactMap { lesson in
            (lesson.problems.first?.description ?? lesson.failures.first?.description).map { String($0.prefix(160)) }
        }
        failures += report.mutation.filter { !$0.passed }.map { score in
            "\(score.exercise): mutation score \(Int((score.score * 100).rounded(.down)))%, at least \(Int((score.minimum * 100).rounded()))% wanted"
        }
        guard !failures.isEmpty else { return [] }
        return ["failed:"] + failures.map { "  \(style.red("✗")) \($0)" } + [""]
    }
}

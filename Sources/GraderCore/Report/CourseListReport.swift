import Foundation

/// Renders the course's lessons and exercises for `grader list` (with each exercise's last
/// result) and `grader lessons` (with whether each lesson is written).
public struct CourseListReport {
    public var style: TerminalStyle

    public init(style: TerminalStyle) {
        self.style = style
    }

    /// The course title and how many exercises are done (passed with the learner's files as
    /// they are now), then each lesson with a bar and its exercises, each with its last result,
    /// marked when it was skipped or its files were edited since. Every exercise `grader.yml`
    /// lists is there: one that did not load is marked, with the first of its problems and
    /// where to see them all.
    public func render(_ manifest: CourseManifest, loaded: CourseLoader.Loaded, states: [String: ExerciseState]) -> String {
        let exercises = Dictionary(loaded.course.exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let all = manifest.lessons.flatMap(\.exercises) + manifest.missingExercises.map(\.entry)
        let done = all.filter { states[$0.id]?.done == true }.count
        let skipped = all.filter { states[$0.id].map { $0.skipped && !$0.done } == true }.count
        var lines = [style.bold(manifest.title),
                     "\(done) of \(all.count) done  \(bar(done, of: all.count, width: 20))"
                        + (skipped > 0 ? "  (\(skipped) skipped)" : "")]
        for lesson in manifest.lessons {
            lines.append("")
            let missing = manifest.missingExercises.filter { $0.entry.lessonID == lesson.id }
            let entries = lesson.exercises + missing.map(\.entry)
            let lessonDone = entries.filter { states[$0.id]?.done == true }.count
            lines.append(style.bold("\(lesson.id)  \(lesson.title)") + "  \(bar(lessonDone, of: entries.count, width: 10)) \(lessonDone)/\(entries.count)")
            for entry in entries {
                let name = entry.slug.padding(toLength: 24, withPad: " ", startingAt: 0)
                if let exercise = exercises[entry.id] {
                    lines.append("  \(name) \(mark(states[exercise.id] ?? ExerciseState()))  \(exercise.title)")
                    continue
                }
                let problems = missing.filter { $0.entry == entry }.map(\.problem)
                    + loaded.problems.filter { $0.file.hasPrefix(entry.displayPath + "/") }
                lines.append("  \(name) \(style.yellow("!")) does not load")
                if let first = problems.first { lines.append("      \(first)") }
                if problems.count > 1 {
                    lines.append("      (\(problems.count - 1) more: grader verify \(entry.shortName))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `█████░░░░░`: `done` of `total` in `width` characters.
    func bar(_ done: Int, of total: Int, width: Int) -> String {
        let filled = total > 0 ? min(width, width * done / total) : 0
        return style.green(String(repeating: "█", count: filled)) + style.dim(String(repeating: "░", count: width - filled))
    }

    private func mark(_ state: ExerciseState) -> String {
        guard let entry = state.last else {
            return state.skipped ? style.dim("»") + " skipped" : style.dim("·") + " not checked yet"
        }
        let cases = "\(entry.casesPassed)/\(entry.casesTotal)"
        let result: String
        switch entry.status {
        case .passed: result = "passed \(cases)"
        case .failed: result = "failed \(cases)"
        case .compileError: result = "does not compile"
        case .courseError: result = "course problem"
        }
        if state.skipped && !state.done { return style.dim("»") + " skipped (\(result))" }
        if state.edited { return style.yellow("✎") + " edited since its check (\(result))" }
        switch entry.status {
        case .passed: return style.green("✓") + " " + result
        case .failed, .compileError: return style.red("✗") + " " + result
        case .courseError: return style.yellow("!") + " " + result
        }
    }

    /// Each lesson, marked when its text is not written yet, with its exercises.
    public func renderLessons(_ course: Course) -> String {
        var lines: [String] = []
        for lesson in course.lessons {
            let written = FileManager.default.fileExists(atPath: lesson.file.path)
            lines.append(style.bold("\(lesson.id)  \(lesson.title)") + (written ? "" : style.dim("  (not written yet)")))
            for exercise in lesson.exercises {
                lines.append("  \(exercise.slug)  \(exercise.title)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An exercise's statement rendered by `markdown`, then which files to edit and how to check them.
    /// - Throws: ``GraderError`` when the statement cannot be read.
    public func renderStatement(_ exercise: Exercise, markdown: TerminalMarkdown) throws -> String {
        guard let text = try? String(contentsOf: exercise.statementURL, encoding: .utf8) else {
            throw GraderError.io("cannot read \(exercise.displayPath)/README.md")
        }
        let withheld = exercise.withheldCases == 0 ? "" : exercise.withheldCases == 1
            ? "Your instructor also grades 1 hidden case, which this handout leaves out.\n"
            : "Your instructor also grades \(exercise.withheldCases) hidden cases, which this handout leaves out.\n"
        return markdown.render(markdown: text, source: "\(exercise.displayPath)/README.md") + "\n" + withheld
            + "Edit: \(exercise.learnerFiles.map { "\(exercise.displayPath)/\($0)" }.joined(separator: ", "))\n"
            + "Check: grader check \(exercise.shortName)\n"
    }

    /// The hints shown so far (`shown` of them), and how to see the next.
    /// - Parameter next: how to see the next one (by default: run `grader hint` again).
    public func renderHints(_ exercise: Exercise, shown: Int, next: String? = nil) -> String {
        guard !exercise.hints.isEmpty else {
            return "\(exercise.title) has no hints. Read the statement again: grader show \(exercise.shortName)\n"
        }
        var lines = exercise.hints.prefix(shown).enumerated().map { index, hint in
            "Hint \(index + 1)/\(exercise.hints.count): \(hint)"
        }
        if shown < exercise.hints.count {
            lines.append("(\(next ?? "run `grader hint \(exercise.shortName)` again") for the next one)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

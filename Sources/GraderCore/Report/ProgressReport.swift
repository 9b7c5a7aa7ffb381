import Foundation

/// What `grader next`, the welcome of `grader check` and `grader solution` print: where to go
/// next, and how to read, edit and check it.
public struct ProgressReport {
    public var style: TerminalStyle
    /// How the statement's first paragraph is rendered, as `grader show` renders it.
    public var markdown: TerminalMarkdown

    public init(style: TerminalStyle, markdown: TerminalMarkdown? = nil) {
        self.style = style
        self.markdown = markdown ?? TerminalMarkdown(style: style)
    }

    /// The next exercise to do: its name, the first paragraph of its statement, the file to
    /// edit and the command that checks it.
    public func renderNext(_ exercise: Exercise, done: Int, total: Int) -> String {
        style.bold("Next: \(exercise.id)  \(exercise.title)") + "  (\(done) of \(total) done)\n"
            + "\n" + introduction(of: exercise)
    }

    /// When every exercise is done or skipped.
    public func renderNothingNext(done: Int, total: Int, skipped: [String]) -> String {
        if skipped.isEmpty {
            return style.green("All \(total) exercises are done.") + " `grader list` shows them all.\n"
        }
        return "\(done) of \(total) done; the rest were skipped: \(skipped.joined(separator: ", ")).\n"
            + "Go back to one with `grader check \(skipped[0])`; passing it clears its skip.\n"
    }

    /// `grader check` on a course nobody has started: what the course is and where to begin,
    /// instead of every exercise failing.
    /// - Parameter lesson: the first exercise's lesson, when its text is written.
    public func renderWelcome(_ course: Course, first: Exercise, lesson: Lesson?) -> String {
        let count = { (number: Int, noun: String) in "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var text = style.bold("Welcome to \(course.title)") + ": \(count(course.exercises.count, "exercise")) in \(count(course.lessons.count, "lesson")). "
            + "Nothing is checked yet, so nothing was graded.\n\n"
        if let lesson {
            let number = lesson.id.prefix { $0.isNumber }
            text += "Start by reading lesson \(lesson.id) (\(lesson.title)): grader lessons show \(Int(number) ?? 0)\n"
            text += "Then do its first exercise, " + style.bold("\(first.id)  \(first.title)") + "\n\n"
        } else {
            text += "Start with the first exercise, " + style.bold("\(first.id)  \(first.title)") + "\n\n"
        }
        return text + introduction(of: first)
            + "\n`grader next` shows what to do next at any time, `grader list` your progress.\n"
    }

    /// The first paragraph of the statement, then where to read it all, edit and check.
    func introduction(of exercise: Exercise) -> String {
        let paragraph = Self.firstParagraph(of: (try? String(contentsOf: exercise.statementURL, encoding: .utf8)) ?? "")
        let rendered = markdown.render(markdown: paragraph, source: exercise.displayPath + "/README.md")
            .trimmingCharacters(in: .newlines)
        return (rendered.isEmpty ? "" : rendered + "\n\n")
            + "Read:  grader show \(exercise.shortName)\n"
            + "Edit:  \(exercise.learnerFiles.map { "\(exercise.displayPath)/\($0)" }.joined(separator: ", "))\n"
            + "Check: grader check \(exercise.shortName)\n"
    }

    /// The first paragraph of a Markdown statement that is not a heading.
    static func firstParagraph(of markdown: String) -> String {
        var lines: [Substring] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                if !lines.isEmpty { break }
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The reference's sources, each under its path.
    /// - Throws: ``GraderError/io(_:)`` when one cannot be read.
    public func renderSolution(_ exercise: Exercise) throws -> String {
        try exercise.referenceSources.map { url in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw GraderError.io("cannot read \(exercise.displayPath)/Reference/\(url.lastPathComponent)")
            }
            return style.bold("// \(exercise.displayPath)/Reference/\(url.lastPathComponent)") + "\n"
                + text + (text.hasSuffix("\n") ? "" : "\n")
        }.joined(separator: "\n")
    }
}

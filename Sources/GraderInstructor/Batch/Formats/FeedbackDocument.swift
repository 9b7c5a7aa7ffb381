import Foundation
import GraderCore

/// What a student's feedback says, before it is Markdown or HTML: the score of each exercise,
/// hidden cases only as counts, compile errors with their lines, the first failing visible
/// case with its step and difference, and the batch's notes about the submission.
///
/// The failure and compiler lines are ``TerminalReport``'s, without colour, so a student reads
/// the same words in their feedback as `grader check` prints.
struct FeedbackDocument {
    struct Section {
        var id: String
        var title: String
        var status: ExerciseStatus
        var score: Double
        var points: Int
        var visiblePassed: Int
        var visibleTotal: Int
        var hiddenPassed: Int
        var hiddenTotal: Int
        /// Sentences about the exercise (what failed, how many more, the course's problems).
        var remarks: [String]
        /// Lines to show as preformatted text: the compiler's messages or the first failure.
        var detail: [String]
        /// The known mistakes (the course's mutants) the exercise's failures match, closest first.
        var knownBugs: [KnownBug] = []
    }

    var studentID: String
    var studentName: String?
    var score: Double
    var points: Int
    var sections: [Section]
    var notes: [String]

    init(_ report: StudentReport) {
        let report = report.redactingHiddenCases()
        studentID = report.id
        studentName = report.name
        score = report.score
        points = report.points
        notes = report.notes
        sections = report.exercises.map(Self.section)
        for match in report.knownBugs ?? [] {
            guard let index = sections.firstIndex(where: { $0.id == match.exercise }) else { continue }
            sections[index].knownBugs = match.mutants
        }
    }

    /// The sentence that introduces a section's known bugs: "Your code behaves like a known
    /// mistake:" before one, "…like one of these known mistakes:" before several.
    static func knownBugLead(_ count: Int) -> String {
        count == 1 ? "Your code behaves like a known mistake:" : "Your code behaves like one of these known mistakes:"
    }

    /// The known bugs as plain text, for formats whose messages are text (JUnit, Gradescope):
    /// "Your code behaves like a known mistake: forgets to save. Hint: …".
    static func knownBugText(_ bugs: [KnownBug]) -> String? {
        guard !bugs.isEmpty else { return nil }
        let sentences = bugs.map { bug in
            bug.summary + sentenceEnd(bug.summary) + (bug.hint.map { " Hint: \($0)" } ?? "")
        }
        return knownBugLead(bugs.count) + " " + sentences.joined(separator: " ")
    }

    /// A known bug's summary ends its sentence with one full stop.
    static func sentenceEnd(_ summary: String) -> String {
        summary.hasSuffix(".") ? "" : "."
    }

    /// Without the processor wait, measured per run: the same file gets the same text every run.
    private static let terminal: TerminalReport = {
        var report = TerminalReport(style: TerminalStyle(colors: false))
        report.showsProcessorWait = false
        return report
    }()

    private static func section(_ exercise: ExerciseResult) -> Section {
        let visible = exercise.cases.filter { !$0.hidden }
        let hidden = exercise.cases.filter(\.hidden)
        var section = Section(
            id: exercise.id, title: exercise.title, status: exercise.status, score: exercise.score, points: exercise.points,
            visiblePassed: visible.filter { $0.status == .passed }.count, visibleTotal: visible.count,
            hiddenPassed: hidden.filter { $0.status == .passed }.count, hiddenTotal: hidden.count,
            remarks: [], detail: [])
        switch exercise.status {
        case .passed:
            break
        case .compileError:
            section.remarks.append("Your code does not compile, so none of the \(exercise.casesTotal) cases ran:")
            section.detail = terminal.renderErrors(exercise.diagnostics, limit: 5).map(unindented)
            if exercise.diagnostics.contains(where: { $0.file?.hasSuffix("Driver.swift") == true }) {
                section.remarks.append("Driver.swift is the course's code that calls yours: check that your types and methods have the names and signatures the statement asks for.")
            }
        case .failed, .courseError:
            let failedVisible = visible.filter { $0.status == .failed }
            let failedHidden = hidden.filter { $0.status == .failed }
            if let first = failedVisible.first {
                section.remarks.append("The first failing case:")
                section.detail = terminal.render(first).map(unindented)
                if failedVisible.count > 1 {
                    let more = failedVisible.count - 1
                    section.remarks.append("(\(more) more failing visible case\(more == 1 ? "" : "s"))")
                }
            }
            if !failedHidden.isEmpty {
                section.remarks.append("\(failedHidden.count) hidden case\(failedHidden.count == 1 ? "" : "s") failed; their details are not shown.")
            }
            section.remarks += exercise.problems.map { "A problem with the course, not your code: \($0)" }
        }
        return section
    }

    /// TerminalReport indents a case's lines by four spaces under its exercise's line.
    private static func unindented(_ line: String) -> String {
        line.hasPrefix("    ") ? String(line.dropFirst(4)) : line
    }

    static func symbol(_ status: ExerciseStatus) -> String {
        switch status {
        case .passed: return "✓"
        case .failed, .compileError: return "✗"
        case .courseError: return "!"
        }
    }

    static func statusText(_ status: ExerciseStatus) -> String {
        switch status {
        case .passed: return "passed"
        case .failed: return "failed"
        case .compileError: return "does not compile"
        case .courseError: return "course problem"
        }
    }
}

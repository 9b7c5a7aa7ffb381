import Foundation
import GraderCore

/// One screen of `grader watch`: which files are watched and how, what is going on, what there
/// is to read (a result, hints, the list) and the keys.
package struct WatchScreen: Equatable {
    /// `watching Exercises/01-defaults/01-car-settings/Solution.swift (inotify)`.
    package var header: String
    /// `checking car-settings…` while a check runs.
    package var status: String?
    package var body: [String] = []

    package static let keyHelp = "h hint · n next exercise · l list · q quit"

    package static func header(watching files: [String], mechanism: FileWatcher.Mechanism) -> String {
        "watching \(files.joined(separator: ", ")) (\(mechanism))"
    }

    /// The whole screen, for a terminal that is cleared before it is drawn.
    package func render(style: TerminalStyle) -> String {
        var lines = [style.bold(header) + (status.map { style.dim(" · \($0)") } ?? ""), ""]
        lines += body
        if !body.isEmpty { lines.append("") }
        lines.append(style.dim(Self.keyHelp))
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a check of one exercise shows: its line and first failing case as `grader check`
    /// prints them, hidden cases redacted, and the limits this machine does not enforce; the hint
    /// is a key here, so the report does not suggest `grader hint`.
    package static func result(_ result: ExerciseResult, limits: [UnenforcedLimit], style: TerminalStyle) -> [String] {
        var report = RunReport(course: "", exercises: [result])
        report.unenforcedLimits = limits
        let redacted = report.redactingHiddenCases()
        var terminal = TerminalReport(style: style)
        terminal.suggestsHints = false
        return redacted.exercises.flatMap { terminal.render($0, idWidth: $0.id.count) }
            + terminal.unenforcedLines(redacted.unenforcedLimits)
    }
}

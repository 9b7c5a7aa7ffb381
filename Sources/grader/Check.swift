import ArgumentParser
import Foundation
import GraderCore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build and grade your solutions (all exercises, or those named).",
        discussion: "Exit status: 0 when every exercise passes, 1 when any fails, 2 when the grader could not run.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "Exercises by id, folder name, short name (car-settings), lesson id or path.")
    var exercises: [String] = []

    @Option(help: "terminal or json (the versioned schema in Docs/report-format.md).")
    var format: OutputFormat = .terminal

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Show the details of hidden cases (for instructors).")
    var showHidden = false

    @Flag(help: "Run every case again, even those whose inputs are all unchanged since their last run.")
    var noCache = false

    func run() throws {
        let workspace = try options.workspace()
        // Before selecting: naming an exercise whose file is broken shows why it is missing.
        for problem in workspace.problems {
            FileHandle.standardError.write(Data("course problem: \(problem)\n".utf8))
        }
        let selected: [Exercise]
        do {
            selected = try ExerciseSelector.select(
                exercises, in: workspace.course,
                currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        } catch {
            throw fail(error)
        }
        workspace.grader.reusesResults = !noCache
        let results: [ExerciseResult]
        do {
            results = try workspace.grader.grade(selected)
        } catch {
            throw fail(error)
        }
        StatusStore(workDirectory: workspace.workDirectory).record(results)
        var report = RunReport(course: workspace.course.title, exercises: results)
        if !showHidden { report = report.redactingHiddenCases() }
        switch format {
        case .terminal:
            try emit(Data(TerminalReport(style: output == nil ? terminalStyle : TerminalStyle(colors: false))
                .render(report).utf8), to: output)
        case .json:
            try emit(try JSONReport.render(report), to: output)
        }
        // Some exercises could not be loaded: a run of the whole course is incomplete; a run of
        // named exercises only when a problem is theirs (or the manifest's).
        let relevant = exercises.isEmpty ? workspace.problems : workspace.problems(concerning: selected)
        if !relevant.isEmpty {
            FileHandle.standardError.write(Data("""
                \(relevant.count) course problem\(relevant.count == 1 ? "" : "s") (listed above) left exercises ungraded. \
                They are in the course's files, not in your solutions; `grader verify` lists them all.\n
                """.utf8))
            throw ExitCode(2)
        }
        if report.summary.failed > 0 { throw ExitCode(1) }
    }
}

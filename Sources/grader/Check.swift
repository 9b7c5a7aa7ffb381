import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Check: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Build and grade your solutions (all exercises, or those named).",
        discussion: """
            Exit status: 0 when every exercise passes, 1 when any fails, 2 when the grader could not run. \
            On a course nobody has started (nothing checked, every learner file its starter), `grader check` with \
            no names prints a welcome and where to start instead of grading, and exits with 1: nothing passes yet.
            """)

    @OptionGroup var options: CourseOptions
    @OptionGroup var jobOptions: JobOptions

    @Argument(help: "Exercises by id, folder name, short name (car-settings), lesson id or path.",
              completion: CourseCompletion.kind(.exercisesAndLessons))
    var exercises: [String] = []

    @Option(help: "terminal or json (the versioned schema in Docs/report-format.md).")
    var format: OutputFormat = .terminal

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Show the details of hidden cases (for instructors).")
    var showHidden = false

    @Flag(help: "Run every case again, even those whose inputs are all unchanged since their last run.")
    var noCache = false

    @Option(help: ArgumentHelp("Replay one sequence of each named exercise's exploration (the number its report gives).",
                               valueName: "n"))
    var sequence: Int?

    @Option(help: ArgumentHelp("Explore with this seed instead of the course's: other sequences than those you are graded with. Not recorded in your progress.",
                               valueName: "n"))
    var seed: UInt64?

    private var gradingOptions: GraderOptions {
        .check(jobs: jobOptions.jobs, noCache: noCache, sequence: sequence, seed: seed)
    }

    func perform() throws -> Int32 {
        let workspace = try options.workspace { manifest in
            try .exercises(exercises, in: manifest, currentDirectory: options.currentDirectory)
        }
        // Before grading: an exercise named whose file is broken shows why it is left out.
        for problem in workspace.problems {
            FileHandle.standardError.write(Data("course problem: \(problem)\n".utf8))
        }
        // In a student handout: an edited case file or driver is graded all the same, but the
        // student should know the results no longer say what the instructor's cases say.
        for changed in workspace.handout?.changedFiles(of: workspace.exercises) ?? [] {
            FileHandle.standardError.write(Data("""
                warning: \(changed.path) is not the file handed out (SHA-256 \(changed.now.prefix(12))…, handed out \(changed.handedOut.prefix(12))…); \
                results graded with it record a cases hash your instructor does not expect. Restore it to grade the cases handed out.\n
                """.utf8))
        }
        let root = workspace.manifest.root
        // A course nobody has started: where to begin, rather than every exercise failing.
        if exercises.isEmpty, format == .terminal, output == nil,
           try CourseProgress.isUntouched(root: root, handout: workspace.handout, exercises: workspace.exercises),
           let first = workspace.course.exercises.first {
            let lesson = workspace.course.lessons.first { $0.id == first.lessonID }
                .flatMap { FileManager.default.fileExists(atPath: $0.file.path) ? $0 : nil }
            print(ProgressReport(style: terminalStyle, markdown: readingMarkdown(root: root)).renderWelcome(workspace.course, first: first, lesson: lesson), terminator: "")
            return 1
        }
        _ = try CourseProgress.load(root: root)  // a damaged progress file stops the check before it grades
        let files = Dictionary(workspace.exercises.map { ($0.id, CourseProgress.fileHashes(of: $0)) }, uniquingKeysWith: { first, _ in first })
        // Each exercise's line on standard error as soon as it is graded, under a bar with the
        // counts and the time left on a terminal; the report below stays whole on standard output.
        let selected = workspace.exercises
        let progress = ProgressLine(unit: "exercises")
        let lines = TerminalReport(style: TerminalStyle(colors: progress.mode != .plain))
        let idWidth = selected.map(\.id.count).max() ?? 0
        if !selected.isEmpty { progress.update(done: 0, total: selected.count) }
        let results = try withExtendedLifetime(progress) {
            defer { progress.finish() }
            return try workspace.grader(gradingOptions)
                .grade(selected) { result in progress.advance(lines.headline(result, idWidth: idWidth), total: selected.count) }
        }
        if gradingOptions.givesTheCoursesVerdict {
            try CourseProgress.update(root: root) { $0.record(results, files: files) }
        } else {
            // One replayed sequence, or another seed: not the verdict the course gives.
            FileHandle.standardError.write(Data("note: graded with \(sequence != nil ? "one sequence of each exploration" : "exploration seed \(seed ?? 0)"), so the result is not recorded in progress.json\n".utf8))
        }
        var report = RunReport(course: workspace.course.title, exercises: results)
        report.unenforcedLimits = workspace.unenforcedLimits
        if !showHidden { report = report.redactingHiddenCases() }
        switch format {
        case .terminal:
            let style = output == nil ? terminalStyle : TerminalStyle(colors: false)
            try emit(Data(TerminalReport(style: style).render(report).utf8), to: output)
        case .json:
            try emit(try JSONReport.render(report), to: output)
        }
        // Some exercises could not be loaded: a run of the whole course is incomplete; a run of
        // named exercises only when a problem is theirs (or the manifest's).
        let relevant = workspace.relevantProblems
        if !relevant.isEmpty {
            FileHandle.standardError.write(Data("""
                \(relevant.count) course problem\(relevant.count == 1 ? "" : "s") (listed above) left exercises ungraded. \
                They are in the course's files, not in your solutions; `grader verify` lists them all.\n
                """.utf8))
            return 2
        }
        return report.summary.failed > 0 ? 1 : 0
    }
}

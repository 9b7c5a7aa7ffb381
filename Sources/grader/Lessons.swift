import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Lessons: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, read and check the literate lessons.",
        subcommands: [ListLessons.self, ShowLesson.self, CheckLessons.self],
        defaultSubcommand: ListLessons.self)
}

struct ListLessons: GraderSubcommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the lessons with their exercises.")

    @OptionGroup var options: CourseOptions

    func perform() throws -> Int32 {
        let course = try CourseLoader().load(root: try options.courseRoot()).course
        print(CourseListReport(style: terminalStyle).renderLessons(course), terminator: "")
        return 0
    }
}

struct ShowLesson: GraderSubcommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a lesson for reading in the terminal.")

    @OptionGroup var options: CourseOptions

    @OptionGroup var pagerOptions: PagerOptions

    @Argument(help: "The lesson: its number (1, 01), id (01-defaults) or name (defaults).",
              completion: CourseCompletion.kind(.lessons))
    var lesson: String

    func perform() throws -> Int32 {
        let manifest = try CourseLoader().loadManifest(root: try options.courseRoot())
        let document = try LessonSelector.document(lesson, in: manifest)
        let pager = pagerOptions.pager
        let markdown = TerminalMarkdown(style: terminalStyle, width: pager.size.columns, links: TerminalLinks(manifest: manifest))
        pager.show(markdown.render(lesson: document))
        return 0
    }
}

struct CheckLessons: GraderSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile and run every Swift block of the lessons and check the output they show.",
        discussion: "Exit status: 0 when every lesson passes, 1 when any fails, 2 when the grader could not run.")

    @OptionGroup var options: CourseOptions

    // Each lesson is one program whose blocks run in order: lessons, not builds or cases, run at once.
    @Option(name: [.short, .long], help: "Lessons to check at once; by default twice the number of cores.")
    var jobs: Int = GraderOptions.defaultJobs

    @Argument(help: "Lessons to check (all written lessons by default).", completion: CourseCompletion.kind(.lessons))
    var lessons: [String] = []

    @Flag(help: "Rewrite stale // Prints comments and output blocks in place (review with git diff).")
    var fix = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func perform() throws -> Int32 {
        // Lessons need no exercise: none is read.
        let workspace = try options.workspace { _ in .nothing }
        let selected = try LessonSelector.select(lessons, in: workspace.course)
        // Each lesson's line on standard error as soon as it is checked (ProgressLine).
        let total = LessonSuite.written(selected).count
        let progress = ProgressLine(unit: "lessons")
        let lines = LessonTerminalReport(style: TerminalStyle(colors: progress.mode != .plain))
        if total > 0 { progress.update(done: 0, total: total) }
        let results = try withExtendedLifetime(progress) {
            defer { progress.finish() }
            return try workspace.lessonSuite(jobs: jobs).check(selected, fix: fix) { result in
                progress.advance(lines.headline(result), total: total)
            }
        }
        print(LessonTerminalReport(style: terminalStyle).render(results), terminator: "")
        return results.contains(where: { !$0.passed }) ? 1 : 0
    }
}

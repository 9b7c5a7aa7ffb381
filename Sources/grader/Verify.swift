import ArgumentParser
import Foundation
import GraderCore

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the course itself: references pass, starters and mutants fail, files are valid.",
        discussion: "Lists every problem in one run. Exit status: 0 when clean, 1 when anything is wrong, 2 when the grader could not run.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "Exercises or lessons to verify (default: the whole course). A lesson verifies its text and all its exercises.")
    var names: [String] = []

    @Option(help: "terminal or json.")
    var format: OutputFormat = .terminal

    func run() throws {
        let workspace = try options.workspace()
        let report: VerifyReport
        do {
            let course = workspace.course
            let exercises = try ExerciseSelector.select(names, in: course, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            // A name that is a lesson's verifies its text too.
            let lessons = names.isEmpty ? course.lessons
                : course.lessons.filter { lesson in names.contains { (try? LessonSelector.select([$0], in: course))?.first?.id == lesson.id } }
            report = try CourseVerifier(grader: workspace.grader).verify(problems: workspace.problems, exercises: exercises, lessons: lessons)
        } catch {
            throw fail(error)
        }
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.keyEncodingStrategy = .convertToSnakeCase
            try emit(try encoder.encode(report) + Data("\n".utf8), to: nil)
        case .terminal:
            print(VerifyTerminalReport(style: terminalStyle).render(report), terminator: "")
        }
        if !report.isClean { throw ExitCode(1) }
    }
}

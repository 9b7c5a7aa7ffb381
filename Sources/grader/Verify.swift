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
            var exercises = names.isEmpty ? course.exercises : []
            var lessons = names.isEmpty ? course.lessons : []
            for name in names {
                // A lesson, named as `grader lessons` names it (1, 01, 01-defaults, defaults, its
                // path), verifies its text and all its exercises; anything else names exercises.
                if let lesson = try? LessonSelector.select([name], in: course).first {
                    if !lessons.contains(where: { $0.id == lesson.id }) { lessons.append(lesson) }
                    exercises += lesson.exercises
                } else {
                    exercises += try ExerciseSelector.select(
                        [name], in: course, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                }
            }
            var seen = Set<String>()
            exercises = exercises.filter { seen.insert($0.id).inserted }
            let problems = names.isEmpty ? workspace.problems : workspace.problems(concerning: exercises)
            report = try CourseVerifier(grader: workspace.grader).verify(problems: problems, exercises: exercises, lessons: lessons)
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

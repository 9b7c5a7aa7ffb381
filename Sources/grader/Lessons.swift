import ArgumentParser
import Foundation
import GraderCore

struct Lessons: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, read and check the literate lessons.",
        subcommands: [ListLessons.self, ShowLesson.self, CheckLessons.self],
        defaultSubcommand: ListLessons.self)
}

struct ListLessons: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the lessons with their exercises.")

    @OptionGroup var options: CourseOptions

    func run() throws {
        let course = try loadCourse(options)
        let style = terminalStyle
        var lines: [String] = []
        for lesson in course.lessons {
            let written = FileManager.default.fileExists(atPath: lesson.file.path)
            lines.append(style.bold("\(lesson.id)  \(lesson.title)") + (written ? "" : style.dim("  (not written yet)")))
            for exercise in lesson.exercises {
                lines.append("  \(exercise.slug)  \(exercise.title)")
            }
        }
        print(lines.joined(separator: "\n"))
    }
}

struct ShowLesson: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a lesson for reading in the terminal.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The lesson: its number (1, 01), id (01-defaults) or name (defaults).")
    var lesson: String

    func run() throws {
        let course = try loadCourse(options)
        do {
            let found = try LessonSelector.select([lesson], in: course)[0]
            let document = try LessonDocument(url: found.file, displayPath: found.displayPath)
            print(LessonRenderer(style: terminalStyle).render(document), terminator: "")
        } catch let problems as LessonProblems {
            throw fail(GraderError.io(problems.problems.map(\.description).joined(separator: "\n")))
        } catch {
            throw fail(error)
        }
    }
}

struct CheckLessons: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile and run every Swift block of the lessons and check the output they show.",
        discussion: "Exit status: 0 when every lesson passes, 1 when any fails, 2 when the grader could not run.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "Lessons to check (all written lessons by default).")
    var lessons: [String] = []

    @Flag(help: "Rewrite stale // Prints comments and output blocks in place (review with git diff).")
    var fix = false

    func run() throws {
        let workspace = try options.workspace()
        let results: [LessonResult]
        do {
            let selected = try LessonSelector.select(lessons, in: workspace.course)
            results = try LessonSuite(grader: workspace.grader).check(selected, fix: fix)
        } catch {
            throw fail(error)
        }
        print(LessonTerminalReport(style: terminalStyle).render(results), terminator: "")
        if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

func loadCourse(_ options: CourseOptions) throws -> Course {
    do {
        return try CourseLoader().load(root: try options.courseRoot()).course
    } catch let error as ExitCode {
        throw error
    } catch {
        throw fail(error)
    }
}

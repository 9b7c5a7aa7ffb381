import ArgumentParser
import Foundation
import GraderCore

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the lessons and exercises with the last result of each.")

    @OptionGroup var options: CourseOptions

    func run() throws {
        let root = try options.courseRoot()
        let course: Course
        do {
            course = try CourseLoader().load(root: root).course
        } catch {
            throw fail(error)
        }
        let statuses = StatusStore(workDirectory: root.appendingPathComponent(".grader")).load()
        let style = terminalStyle
        var lines = [style.bold(course.title)]
        for lesson in course.lessons {
            lines.append("")
            lines.append(style.bold("\(lesson.id)  \(lesson.title)"))
            for exercise in lesson.exercises {
                let mark: String
                switch statuses[exercise.id] {
                case nil: mark = style.dim("·") + " not checked yet"
                case let entry?:
                    let cases = "\(entry.casesPassed)/\(entry.casesTotal)"
                    switch entry.status {
                    case .passed: mark = style.green("✓") + " passed \(cases)"
                    case .failed: mark = style.red("✗") + " failed \(cases)"
                    case .compileError: mark = style.red("✗") + " does not compile"
                    case .courseError: mark = style.yellow("!") + " course problem"
                    }
                }
                lines.append("  \(exercise.slug.padding(toLength: 24, withPad: " ", startingAt: 0)) \(mark)  \(exercise.title)")
            }
        }
        print(lines.joined(separator: "\n"))
    }
}

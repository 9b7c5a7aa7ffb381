import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct List: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "List the lessons and exercises with the last result of each.")

    @OptionGroup var options: CourseOptions

    func perform() throws -> Int32 {
        let root = try options.courseRoot()
        let course = try CourseLoader().load(root: root).course
        let statuses = StatusStore(workDirectory: root.appendingPathComponent(".grader")).load()
        print(CourseListReport(style: terminalStyle).render(course, statuses: statuses), terminator: "")
        return 0
    }
}

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
        let manifest: CourseManifest
        do {
            manifest = try CourseLoader().loadManifest(root: root)
        } catch let problem as CourseProblem {
            throw GraderError.courseInvalid(problem)
        }
        // Every exercise is listed, those that do not load with why.
        let loaded = CourseLoader().load(manifest)
        let statuses = StatusStore(workDirectory: root.appendingPathComponent(".grader")).load()
        print(CourseListReport(style: terminalStyle).render(manifest, loaded: loaded, statuses: statuses), terminator: "")
        return 0
    }
}

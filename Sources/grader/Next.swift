import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Next: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the next exercise to do: the first neither passed with your current files nor skipped.")

    @OptionGroup var options: CourseOptions

    func perform() throws -> Int32 {
        let root = try options.courseRoot()
        let course = try CourseLoader.wholeCourse(root: root)
        let progress = try CourseProgress.load(root: root)
        let states = progress.states(of: course.exercises)
        let done = states.values.filter(\.done).count
        let report = ProgressReport(style: terminalStyle, markdown: readingMarkdown(root: root))
        guard let next = progress.next(among: course.exercises) else {
            let skipped = course.exercises.filter { states[$0.id]?.skipped == true && states[$0.id]?.done != true }.map(\.shortName)
            print(report.renderNothingNext(done: done, total: course.exercises.count, skipped: skipped), terminator: "")
            return 0
        }
        print(report.renderNext(next, done: done, total: course.exercises.count), terminator: "")
        return 0
    }
}

import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct List: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "List the lessons and exercises with your progress: the last result of each, and what was edited or skipped since.")

    @OptionGroup var options: CourseOptions

    func perform() throws -> Int32 {
        let manifest = try options.manifest()
        let root = manifest.root
        // Every exercise is listed, those that do not load with why.
        let loaded = CourseLoader().load(manifest)
        // Each exercise's files are hashed now, so one edited since its check is never shown as passed.
        let states = try CourseProgress.load(root: root).states(of: loaded.course.exercises)
        print(CourseListReport(style: terminalStyle).render(manifest, loaded: loaded, states: states), terminator: "")
        return 0
    }
}

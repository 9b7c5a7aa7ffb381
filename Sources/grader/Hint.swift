import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Hint: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the next hint for an exercise (each call reveals one more).")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path; default: the exercise whose folder you are in).",
              completion: CourseCompletion.kind(.exercises))
    var exercise: String?

    @Flag(help: "Show every hint at once.")
    var all = false

    func perform() throws -> Int32 {
        let root = try options.courseRoot()
        let found = try ExerciseSelector.exercise(exercise, root: root, currentDirectory: options.currentDirectory)
        var shown = found.hints.count
        if !all && !found.hints.isEmpty {
            shown = try CourseProgress.update(root: root) { $0.revealHint(found.id, available: found.hints.count) }
        }
        print(CourseListReport(style: terminalStyle).renderHints(found, shown: shown), terminator: "")
        return 0
    }
}

import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Show: GraderSubcommand {
    static let configuration = CommandConfiguration(abstract: "Print an exercise's statement.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path; default: the exercise whose folder you are in).",
              completion: CourseCompletion.kind(.exercises))
    var exercise: String?

    func perform() throws -> Int32 {
        let found = try ExerciseSelector.exercise(exercise, root: try options.courseRoot(), currentDirectory: options.currentDirectory)
        print(try CourseListReport(style: terminalStyle).renderStatement(found), terminator: "")
        return 0
    }
}

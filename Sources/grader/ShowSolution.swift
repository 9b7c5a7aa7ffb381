import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct ShowSolution: GraderSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "solution",
        abstract: "Print the reference solution of an exercise you passed (with your files as they are now).",
        discussion: "Exit status: 0 when shown, 1 when refused (not passed yet, edited since, or a handout), 2 when the grader could not run.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path; default: the exercise whose folder you are in).",
              completion: CourseCompletion.kind(.exercises))
    var exercise: String?

    func perform() throws -> Int32 {
        let root = try options.courseRoot()
        let found = try ExerciseSelector.exercise(exercise, root: root, currentDirectory: options.currentDirectory)
        if HandoutManifest.isHandout(root: root) {
            FileHandle.standardError.write(Data("""
                This handout has no reference sources: your instructor keeps them (the handout runs the reference as a compiled binary). \
                Ask your instructor for the solution of \(found.shortName).\n
                """.utf8))
            return 1
        }
        let state = try CourseProgress.load(root: root).state(of: found.id, currentFiles: CourseProgress.fileHashes(of: found))
        guard state.done else {
            let why = state.last?.status == .passed
                ? "Your files changed since it passed; pass it again first: grader check \(found.shortName)"
                : "Pass it first: grader check \(found.shortName) (stuck? grader hint \(found.shortName))"
            FileHandle.standardError.write(Data("The solution of \(found.shortName) is shown once you have passed it with your files as they are. \(why)\n".utf8))
            return 1
        }
        print(try ProgressReport(style: terminalStyle).renderSolution(found), terminator: "")
        return 0
    }
}

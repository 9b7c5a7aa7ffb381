import ArgumentParser
import Foundation
import GraderCore

struct Hint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the next hint for an exercise (each call reveals one more).")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path).")
    var exercise: String

    @Flag(help: "Show every hint at once.")
    var all = false

    func run() throws {
        let found = try loadExercise(exercise, options: options)
        guard !found.hints.isEmpty else {
            print("\(found.title) has no hints. Read the statement again: grader show \(found.shortName)")
            return
        }
        let store = HintProgress(file: try options.courseRoot().appendingPathComponent(".grader/hints.json"))
        let shown = all ? found.hints.count : store.reveal(found.id, available: found.hints.count)
        for (index, hint) in found.hints.prefix(shown).enumerated() {
            print("Hint \(index + 1)/\(found.hints.count): \(hint)")
        }
        if shown < found.hints.count {
            print("(run `grader hint \(found.shortName)` again for the next one)")
        }
    }
}

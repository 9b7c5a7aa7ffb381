import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Reset: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Put an exercise's files back to their starters (a copy of yours is kept) and forget its result.",
        discussion: """
            Your files are copied to .grader/backups/<exercise>/<time>/ first; the path is printed. \
            The starters come from the handout's Starters/ folder, or in the instructor's course from git's last commit. \
            Exit status: 0 when done (or when there was nothing to reset), 2 when it could not be done.
            """)

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path; default: the exercise whose folder you are in).",
              completion: CourseCompletion.kind(.exercises))
    var exercise: String?

    @Flag(help: "Reset every exercise whose files are not their starters.")
    var all = false

    func validate() throws {
        if all && exercise != nil { throw ValidationError("name an exercise or pass --all, not both") }
    }

    func perform() throws -> Int32 {
        let manifest = try options.manifest()
        let root = manifest.root
        let exercises = all ? CourseLoader().load(manifest).course.exercises
            : [try ExerciseSelector.exercise(exercise, root: root, currentDirectory: options.currentDirectory)]
        let reset = ExerciseReset(root: root, starters: StarterSource(root: root, handout: manifest.handout))
        var count = 0
        for exercise in exercises {
            let outcome = try reset.reset(exercise)
            guard let backup = outcome.backup else {
                if !all { print("\(exercise.id): nothing to reset, its files are the starters.") }
                continue
            }
            count += 1
            print("\(exercise.id): restored the starter of \(outcome.restored.joined(separator: ", ")); your files are in \(backup)/")
        }
        if all { print(count == 0 ? "Nothing to reset: every exercise's files are the starters." : "Reset \(count) exercise\(count == 1 ? "" : "s").") }
        return 0
    }
}

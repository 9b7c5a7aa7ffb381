import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Skip: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Skip an exercise for now: `grader next` moves on. Checking it again and passing clears the skip.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path; default: the exercise whose folder you are in, else the next one).",
              completion: CourseCompletion.kind(.exercises))
    var exercise: String?

    func perform() throws -> Int32 {
        let root = try options.courseRoot()
        let course = try CourseLoader.wholeCourse(root: root)
        // Named, else the one whose folder this is (a name that matches nothing is an error).
        let here = exercise == nil ? try? ExerciseSelector.exercise(nil, root: root, currentDirectory: options.currentDirectory) : nil
        let skipped: Exercise
        if let exercise {
            skipped = try ExerciseSelector.exercise(exercise, root: root, currentDirectory: options.currentDirectory)
        } else if let here {
            skipped = here
        } else if let next = try CourseProgress.load(root: root).next(among: course.exercises) {
            skipped = next
        } else {
            print("Nothing to skip: every exercise is done or skipped (`grader list` shows them).")
            return 0
        }
        let progress = try CourseProgress.update(root: root) { progress in
            progress.skip(skipped.id)
            return progress
        }
        print("Skipped \(skipped.id). Come back with `grader check \(skipped.shortName)`; passing it clears the skip.")
        if let next = progress.next(among: course.exercises) {
            print("Next: \(next.id)  \(next.title)  (grader next)")
        }
        return 0
    }
}

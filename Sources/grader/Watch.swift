import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Watch: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an exercise each time you save it; moves on when it passes.",
        discussion: """
            Keys: h hint · n next exercise · l list · q quit (when standard input is not a terminal, \
            one key per line). Files are watched with inotify where it works, else looked at twice a \
            second; set \(FileWatcher.pollingVariable)=1 to always do so.
            """)

    @OptionGroup var options: CourseOptions
    @OptionGroup var jobOptions: JobOptions

    @Argument(help: """
        The exercise (id, folder name, short name, lesson or path; default: the exercise whose folder \
        you are in, else the first not passed yet).
        """, completion: CourseCompletion.kind(.exercisesAndLessons))
    var exercise: String?

    func perform() throws -> Int32 {
        let manifest = try options.manifest()
        let root = manifest.root
        let order = ExerciseOrder(manifest: manifest, loaded: CourseLoader().load(manifest).course.exercises,
                                  progress: try CourseProgress.load(root: root))
        // A name that matches nothing fails before the sandbox is started.
        guard let start = try ExerciseSelector.watched(exercise, in: manifest, currentDirectory: options.currentDirectory,
                                                       order: order) else {
            print("Every exercise passes: the course is done. To watch one again, name it: grader watch \(manifest.exercises.first?.shortName ?? "EXERCISE")")
            return 0
        }
        let workspace = try options.workspace()
        return WatchSession(workspace: workspace, start: start, options: .check(jobs: jobOptions.jobs),
                            display: .standard(styled: terminalStyle)).run()
    }
}

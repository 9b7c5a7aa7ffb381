import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Verify: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the course itself: references pass, starters and mutants fail, files are valid.",
        discussion: "Lists every problem in one run. Exit status: 0 when clean, 1 when anything is wrong, 2 when the grader could not run.")

    @OptionGroup var options: CourseOptions
    @OptionGroup var jobOptions: JobOptions

    @Argument(help: "Exercises or lessons to verify (default: the whole course). A lesson verifies its text and all its exercises.",
              completion: CourseCompletion.kind(.exercisesAndLessons))
    var names: [String] = []

    @Option(help: "terminal or json.")
    var format: OutputFormat = .terminal

    @Flag(help: "Also generate mutants of each reference and score each exercise by the share its cases catch (needs `swift build --product mutate`).")
    var mutants = false

    @Option(help: "With --mutants: the most mutants tried per exercise (a fixed sample when there are more).")
    var mutantsPerExercise = 40

    @Flag(help: "With --mutants: build each mutant (generated or hand-written) on its own instead of an exercise's mutants together in one mutant schema (slower; the verdicts are the same).")
    var mutantsOneByOne = false

    @Flag(help: "Grade every reference, starter and mutant a second time with launches started the other way (exec'd, or forked with --launch exec) and check that every case gets the same verdict.")
    var compareLaunches = false

    func perform() throws -> Int32 {
        let workspace = try options.instructorWorkspace(for: "verify") { manifest in
            try .verification(names, in: manifest, currentDirectory: options.currentDirectory)
        }
        // Each exercise's and lesson's line on standard error as soon as it is verified
        // (ProgressLine); the report on standard output is whole at the end.
        let total = workspace.exercises.count + LessonSuite.written(workspace.lessons).count
        let progress = ProgressLine(unit: "exercises and lessons")
        // The mutation score's own bar, in exercises whose generated mutants are all graded.
        let mutantProgress = ProgressLine(unit: "exercises' mutants")
        let lines = VerifyTerminalReport(style: TerminalStyle(colors: progress.mode != .plain))
        if total > 0 { progress.update(done: 0, total: total) }
        let report = try withExtendedLifetime((progress, mutantProgress)) {
            defer {
                progress.finish()
                mutantProgress.finish()
            }
            return try workspace.verify(jobs: jobOptions.jobs, mutants: mutants ? max(1, mutantsPerExercise) : nil,
                                        mutantSchemas: !mutantsOneByOne, comparesLaunches: compareLaunches) { event in
                switch event {
                case .comparingLaunches, .checkingLessons:
                    progress.log(lines.headline(event))
                case .scoringMutants:
                    // The first bar goes, the line says what runs now, and the mutants' bar follows.
                    progress.finish()
                    progress.log(lines.headline(event))
                case .mutantsGraded(_, _, _, _, let scored):
                    mutantProgress.advance(lines.headline(event), total: scored)
                case .exercise, .lesson:
                    progress.advance(lines.headline(event), total: total)
                }
            }
        }
        switch format {
        case .json: try emit(try JSONReport.render(report), to: nil)
        case .terminal: print(VerifyTerminalReport(style: terminalStyle).render(report), terminator: "")
        }
        return report.isClean ? 0 : 1
    }
}

import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore
import GraderInstructor

struct Merge: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the output folders of `grader batch --shard K/N` into one batch's output (for instructors).",
        discussion: """
            Give every shard's folder (DIR/shard-K-of-N) once. The merged folder holds what one \
            `grader batch` of the whole class writes (report.json, gradebook.csv, every format, the journal, \
            the students' files), rendered again from the shards' reports. Shards graded against another \
            version of the course, of different classes or splits, overlapping, or a missing shard are refused.
            Exit status: 0 when merged, 2 when the shards cannot be merged or the grader could not run.
            """)

    @OptionGroup var options: CourseOptions

    @Argument(help: "The shards' output folders (DIR/shard-0-of-4 …).")
    var shards: [String]

    @Option(help: ArgumentHelp("The merged output folder.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The exercises or lessons the shards' batches were given with --exercise (repeatable). Default: every exercise.", valueName: "name"))
    var exercise: [String] = []

    func perform() throws -> Int32 {
        let workspace = try options.instructorWorkspace(for: "merge") { manifest in
            try .exercises(exercise, in: manifest, currentDirectory: options.currentDirectory)
        }
        let folders = shards.map(url)
        let report = try workspace.merger(output: url(out)).merge(folders)
        let summary = "\(report.summary.students) students from \(folders.count) shards, mean \(String(format: "%.2f", report.summary.meanScore))/\(report.summary.points) points. Wrote \(url(out).path): report.json, gradebook.csv, summary.html, feedback/ and the other formats\n"
        FileHandle.standardOutput.write(Data(summary.utf8))
        return 0
    }

    private func url(_ path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : options.currentDirectory.appendingPathComponent(path)).standardizedFileURL
    }
}

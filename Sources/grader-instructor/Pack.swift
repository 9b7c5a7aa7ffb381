import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Pack: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the course as students get it (for instructors).",
        discussion: """
            `grader pack --student DIR` writes the student handout into DIR: the package, lessons, statements, \
            starters, drivers and resources, each exercise.yml without its hidden cases, and each reference as a \
            compiled binary instead of Reference/; no Mutants/, tests or benchmarks. The binaries use the Swift \
            runtime of the student's toolchain, which must be the release that packed them; --self-contained links \
            the runtime into each (about 60 MB each, any toolchain). \
            handout.json lists each exercise's case-file hash, which every result records (Docs/handout.md). \
            The handout is loaded again and checked before it is moved into DIR.
            Exit status: 0 when packed, 2 when the course or DIR cannot be used.
            """)

    @OptionGroup var options: CourseOptions

    @Option(help: ArgumentHelp("The folder to write the student handout into (outside the course).", valueName: "dir"))
    var student: String

    @Flag(help: "Replace what DIR holds.")
    var force = false

    @Flag(help: "Link the Swift runtime into each reference binary (about 60 MB each), so that students may use any Swift release.")
    var selfContained = false

    @Option(name: [.short, .long], help: "Reference builds to run at once; by default twice the number of cores.")
    var jobs: Int = GraderOptions.defaultJobs

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func perform() throws -> Int32 {
        let workspace = try options.instructorWorkspace(for: "pack")
        let destination = student.hasPrefix("/") ? URL(fileURLWithPath: student) : options.currentDirectory.appendingPathComponent(student)
        let summary = try workspace.packStudentHandout(into: destination, force: force, jobs: jobs, selfContained: selfContained)
        for warning in summary.warnings {
            FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
        }
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        let exercises = summary.manifest.exercises.count
        print("""
            Packed \(exercises) exercise\(exercises == 1 ? "" : "s") for students into \(summary.destination.path) \
            in \(String(format: "%.1f", summary.duration)) s: \(summary.visibleCases) visible cases, \
            \(summary.hiddenCases) hidden left out; \(megabytes(summary.totalBytes)), of which reference binaries \
            \(megabytes(summary.referenceBytes)) (built for \(summary.manifest.platform) by \(summary.manifest.swiftVersion)).
            Left out: \(summary.leftOut.isEmpty ? "nothing" : summary.leftOut.joined(separator: ", ")).
            """)
        return 0
    }
}

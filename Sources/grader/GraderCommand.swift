import ArgumentParser
import Foundation
import GraderCore

@main
struct GraderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grader",
        abstract: "Builds and grades the persistence workbook's exercises.",
        discussion: """
            Run it from inside the course. `grader check` grades your solutions; `grader verify` \
            checks the course itself (references pass, starters and mutants fail).
            """,
        subcommands: [Check.self, List.self, Show.self, Hint.self, Verify.self, Lessons.self, Prepare.self, Batch.self, Merge.self,
                      Pack.self],
        defaultSubcommand: Check.self
    )
}

/// A subcommand whose work is in the library: `perform` returns the exit status, and any error
/// it throws means the grader could not do its job (status 2, the error on standard error).
protocol GraderSubcommand: ParsableCommand {
    func perform() throws -> Int32
}

extension GraderSubcommand {
    func run() throws {
        let status: Int32
        do {
            status = try perform()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Options every command shares.
struct CourseOptions: ParsableArguments {
    @Option(name: .long, help: "The course folder (default: the nearest folder with grader.yml).")
    var course: String?

    var currentDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    func courseRoot() throws -> URL {
        let start = URL(fileURLWithPath: course ?? FileManager.default.currentDirectoryPath)
        guard let root = CourseLoader.findRoot(from: start) else { throw GraderError.courseNotFound(start.path) }
        return root
    }

    /// Opens the course for the scope a command names, with the toolchain and sandbox.
    func workspace(_ scope: ((CourseManifest) throws -> CourseScope)? = nil) throws -> Workspace {
        try Workspace.open(root: try courseRoot(), executable: Self.executableURL, scope: scope)
    }

    /// Opens the instructor's course for `command`, refusing a student handout before anything
    /// is built: it has no references, mutants or hidden cases to work with.
    func instructorWorkspace(for command: String, _ scope: ((CourseManifest) throws -> CourseScope)? = nil) throws -> Workspace {
        let root = try courseRoot()
        if HandoutManifest.isHandout(root: root) { throw GraderError.instructorCourseNeeded(command: command) }
        return try Workspace.open(root: root, executable: Self.executableURL, scope: scope)
    }

    static var executableURL: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path == "/proc/self/exe"
            ? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
            : URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
}

/// `--jobs`, for the commands that build and run.
struct JobOptions: ParsableArguments {
    // Cases spend most of their time waiting for a process to start or answer, so twice the
    // core count keeps the cores busy (measured in Benchmarks/README.md).
    @Option(name: [.short, .long], help: "Builds and cases to run at once (default: twice the number of cores).")
    var jobs: Int = GraderOptions.defaultJobs

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}

/// Colours only on a terminal, and never with NO_COLOR set.
var terminalStyle: TerminalStyle {
    let environment = ProcessInfo.processInfo.environment
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    return TerminalStyle(colors: isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb")
}

/// Writes `data` to `--output FILE`, or to standard output.
func emit(_ data: Data, to output: String?) throws {
    guard let output else {
        FileHandle.standardOutput.write(data)
        return
    }
    do {
        try data.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        throw GraderError.io("cannot write \(output): \(error.localizedDescription)")
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case terminal, json
}

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
        subcommands: [Check.self, List.self, Show.self, Hint.self, Verify.self, Lessons.self],
        defaultSubcommand: Check.self
    )
}

/// Options every command shares.
struct CourseOptions: ParsableArguments {
    @Option(name: .long, help: "The course folder (default: the nearest folder with grader.yml).")
    var course: String?

    // Cases spend most of their time waiting for a process to start or answer, so twice the
    // core count keeps the cores busy (measured in Benchmarks/README.md).
    @Option(name: [.short, .long], help: "Builds and cases to run at once (default: twice the number of cores).")
    var jobs: Int = 2 * ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func courseRoot() throws -> URL {
        let start = URL(fileURLWithPath: course ?? FileManager.default.currentDirectoryPath)
        guard let root = CourseLoader.findRoot(from: start) else {
            throw fail(GraderError.courseNotFound(start.path))
        }
        return root
    }

    /// Opens the course with the toolchain and sandbox, or ends with a clear message.
    func workspace() throws -> Workspace {
        do {
            return try Workspace.open(root: try courseRoot(), executable: Self.executableURL, jobs: jobs)
        } catch let error as GraderError {
            throw fail(error)
        }
    }

    static var executableURL: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path == "/proc/self/exe"
            ? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
            : URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
}

/// Prints a grader error and returns the exit code for "the grader could not do its job".
func fail(_ error: Error) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    return ExitCode(2)
}

/// Colours only on a terminal, and never with NO_COLOR set.
var terminalStyle: TerminalStyle {
    let environment = ProcessInfo.processInfo.environment
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    return TerminalStyle(colors: isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb")
}

/// Writes `data` to `--output FILE`, or to standard output.
func emit(_ data: Data, to output: String?) throws {
    if let output {
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw fail(GraderError.io("cannot write \(output): \(error.localizedDescription)"))
        }
    } else {
        FileHandle.standardOutput.write(data)
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case terminal, json
}

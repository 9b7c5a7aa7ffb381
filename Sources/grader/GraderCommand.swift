import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

@main
struct GraderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grader",
        abstract: "Builds and grades the persistence workbook's exercises.",
        discussion: """
            Run it from inside the course. `grader check` grades your solutions (`grader watch` each \
            time you save one); `grader verify` \
            checks the course itself (references pass, starters and mutants fail).
            """,
        version: GraderVersion.description,
        subcommands: [Check.self, Watch.self, List.self, Next.self, Show.self, Hint.self, Skip.self, Reset.self, ShowSolution.self,
                      Verify.self, Lessons.self, Prepare.self, Batch.self, Merge.self,
                      Pack.self, Book.self],
        defaultSubcommand: Check.self
    )
}

/// `--jobs`, for the commands that build and run.
struct JobOptions: ParsableArguments {
    // Cases spend most of their time waiting for a process to start or answer, so twice the
    // core count keeps the cores busy (measured in Benchmarks/README.md).
    @Option(name: [.short, .long], help: "Builds and cases to run at once; by default twice the number of cores.")
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

/// Markdown of the course at `root` rendered for standard output: its width, links led to the
/// commands that open them (as `grader show` renders a statement).
func readingMarkdown(root: URL) -> TerminalMarkdown {
    let links = (try? CourseLoader().loadManifest(root: root)).map(TerminalLinks.init(manifest:)) ?? TerminalLinks()
    return TerminalMarkdown(style: terminalStyle, width: TerminalSize.of(STDOUT_FILENO).columns, links: links)
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

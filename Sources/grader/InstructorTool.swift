import ArgumentParser
import Foundation
import GraderCore

/// `grader batch`, `merge`, `pack` and `book` live in `grader-instructor`, a second executable that
/// only instructors build (its archive, CSV and Markdown libraries would add seconds to every student's first
/// build). These commands run it with the same arguments, building it on first use.
enum InstructorTool {
    static let product = "grader-instructor"

    /// Replaces this process with `grader-instructor COMMAND ARGUMENTS…`.
    static func run(_ command: String, _ arguments: [String]) throws -> Never {
        let executable = try located()
        let argv = [executable.path, command] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(executable.path, &cArguments)
        throw GraderError.io("cannot run \(executable.path): \(String(cString: strerror(errno)))")
    }

    /// The executable beside this one; when it is not built yet, `swift build --product
    /// grader-instructor` in the package this grader was built from.
    static func located() throws -> URL {
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let beside = here.deletingLastPathComponent().appendingPathComponent(product)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        guard let package = packageRoot(of: here) else {
            throw GraderError.io("\(product) is not built beside \(here.path), and no Swift package holds this grader: build it with `swift build --product \(product)` in the grader's package")
        }
        let configuration = here.deletingLastPathComponent().lastPathComponent == "release" ? "release" : "debug"
        FileHandle.standardError.write(Data("building the instructor's commands once (swift build --product \(product) -c \(configuration))…\n".utf8))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--product", product, "-c", configuration, "--package-path", package.path]
        // Its progress goes to standard error: standard output is the command's own.
        build.standardOutput = FileHandle.standardError
        try build.run()
        build.waitUntilExit()
        guard build.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: beside.path) else {
            throw GraderError.io("`swift build --product \(product)` failed (status \(build.terminationStatus)) in \(package.path); run it there to see why")
        }
        return beside
    }

    /// The folder of `Package.swift` above `.build/…/grader`.
    static func packageRoot(of executable: URL) -> URL? {
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" || folder.lastPathComponent.hasPrefix(".build") {
                let root = folder.deletingLastPathComponent()
                return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root : nil
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}

/// `grader batch …`: runs `grader-instructor batch …` (Docs/batch.md).
struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade a whole class's submissions against this course (for instructors; Docs/batch.md).",
        discussion: "Runs grader-instructor, which is built on first use. `grader batch --help` shows its options.")

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []

    func run() throws { try InstructorTool.run("batch", arguments) }
}

/// `grader merge …`: runs `grader-instructor merge …` (Docs/batch.md).
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the outputs of `grader batch --shard K/N` (for instructors; Docs/batch.md).",
        discussion: "Runs grader-instructor, which is built on first use. `grader merge --help` shows its options.")

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []

    func run() throws { try InstructorTool.run("merge", arguments) }
}

/// `grader pack …`: runs `grader-instructor pack …` (Docs/handout.md).
struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the course as students get it: no references, mutants or hidden cases (for instructors; Docs/handout.md).",
        discussion: "Runs grader-instructor, which is built on first use. `grader pack --help` shows its options.")

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []

    func run() throws { try InstructorTool.run("pack", arguments) }
}

/// `grader book …`: runs `grader-instructor book …` (Docs/book.md), which alone builds Ink.
struct Book: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the lessons and exercise statements as a website that works offline (Docs/book.md).",
        discussion: "Runs grader-instructor, which is built on first use. `grader book --help` shows its options.")

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []

    func run() throws { try InstructorTool.run("book", arguments) }
}

import Foundation

/// The real `grader` executable, run as a learner, an instructor or CI runs it: beside the test
/// binary, since `swift test` builds every product.
enum GraderProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        GradingHarness.executable.deletingLastPathComponent().appendingPathComponent("grader")
    }

    /// Starts `grader ARGUMENTS` in `directory`, its output in pipes.
    static func start(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs `grader ARGUMENTS` in `directory` to the end. Both pipes are read at once, so a
    /// command that writes much to one never blocks on it while the other is read.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Output {
        let (process, out, err) = try start(arguments, in: directory, environment: environment)
        return finish(process, out, err)
    }

    /// Reads a started grader's output to the end and waits for it.
    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Output {
        let stderr = StderrBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderr.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr.data, as: UTF8.self))
    }

    /// Standard error's bytes, written by the reading thread before the group is left and read
    /// after it is waited for.
    private final class StderrBox: @unchecked Sendable {
        var data = Data()
    }
}

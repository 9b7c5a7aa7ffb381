import Foundation

/// A real program the formats' tests check output with (`xmllint`, `chromium`), run as a child
/// process with its output captured.
enum ExternalTool {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The program's path on PATH, or nil.
    static func path(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the tests needing `name` run: always in CI (where `.ci/run` installs it, so a
    /// missing tool fails them), elsewhere only when it is installed.
    static func runsTests(needing name: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] != nil || path(name) != nil
    }

    static func run(_ name: String, _ arguments: [String]) throws -> Output {
        guard let executable = path(name) else {
            throw NSError(domain: "ExternalTool", code: 1, userInfo: [NSLocalizedDescriptionKey:
                "\(name) is not installed: run Scripts/install-format-checkers.sh"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a chatty program never blocks on a full pipe.
        let stderrData = ErrorText()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderrData.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData.data, as: UTF8.self))
    }
}

/// The standard error read on another thread; `DispatchGroup.wait` orders the write before the read.
private final class ErrorText: @unchecked Sendable {
    var data = Data()
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `grader` run with its standard output (and, when asked, its standard error) on a
/// pseudo-terminal (`openpty`) of a chosen size, as a student's terminal would be: `isatty` is
/// true and `TIOCGWINSZ` answers. The terminal's side is read as the grader writes, so that it
/// never blocks on a full terminal. The line discipline turns every `\n` into `\r\n`, read back
/// as `\n`; a redraw in place is the program's own `\r` followed by an erase (`ESC [ K`).
///
/// `openpty` and Foundation's `Process` rather than `forkpty`: forking the multithreaded test
/// process and running Swift code in the child is not safe.
enum PseudoTerminal {
    struct Output {
        var status: Int32
        /// Everything written to the terminal, `\r\n` read as `\n`.
        var screen: String
        /// Standard error, when it was not on the terminal.
        var stderr: String
    }

    /// Runs `grader ARGUMENTS` in `directory` with exactly the test's environment, minus the
    /// variables that choose a pager or colours, plus `environment`; with `stderrOnTerminal`, its
    /// standard error writes to the terminal too, as in a learner's window.
    static func run(_ arguments: [String], in directory: URL, rows: UInt16 = 40, columns: UInt16 = 100,
                    environment: [String: String] = [:], stderrOnTerminal: Bool = false) throws -> Output {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var base = ProcessInfo.processInfo.environment
        for name in ["GRADER_PAGER", "PAGER", "LESS", "NO_COLOR", "CI", "COLUMNS", "LINES"] { base[name] = nil }
        base["TERM"] = "xterm"
        let process = Process()
        process.executableURL = GraderProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = base.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        let errors = Pipe()
        process.standardError = stderrOnTerminal ? process.standardOutput : errors
        do {
            try process.run()
        } catch {
            close(master)
            close(slave)
            throw error
        }
        // Only the grader (and what it starts) holds the terminal now: reading ends when they all exit.
        close(slave)
        let screen = ScreenBox()
        let done = DispatchSemaphore(value: 0)
        let terminal = master
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(terminal, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                screen.data.append(contentsOf: buffer[0..<count])
            }
            done.signal()
        }
        try? errors.fileHandleForWriting.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Generous: a loaded machine is slow, but a grader that never lets go of the terminal is a failure.
        if done.wait(timeout: .now() + 120) == .timedOut {
            close(master)
            throw POSIXError(.ETIMEDOUT)
        }
        close(master)
        return Output(status: process.terminationStatus,
                      screen: String(decoding: screen.data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The terminal's bytes, written by the reading thread before it signals and read after.
    private final class ScreenBox: @unchecked Sendable {
        var data = Data()
    }
}

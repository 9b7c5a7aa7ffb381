import Foundation

/// The real `grader` left running, as a learner's long command is: its output read as it comes
/// and keys sent to it. On a pseudo-terminal (`openpty`, the test holding both ends, so that the
/// grader's terminal settings can be read back) or on pipes.
final class LiveGrader: @unchecked Sendable {
    enum Wiring {
        /// Standard input, output and error one terminal `columns` wide.
        case terminal(columns: UInt16)
        /// Standard input a pipe; standard output and error one other pipe.
        case pipes
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    /// The terminal's controller side (which the test reads and writes) and the grader's side.
    private var controller: Int32 = -1
    private(set) var terminal: Int32 = -1
    private var input: Pipe?
    private let lock = NSLock()
    private var received = Data()
    private var reading = true

    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:], wiring: Wiring) throws {
        process.executableURL = GraderProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let read: () -> Data?
        switch wiring {
        case .terminal(let columns):
            var size = winsize(ws_row: 60, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&controller, &terminal, nil, nil, &size) == 0 else { throw Timeout(description: "openpty failed: errno \(errno)") }
            let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = handle
            let controller = controller
            read = {
                var request = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, 100) > 0 else { return Data() }
                var buffer = [UInt8](repeating: 0, count: 8192)
                let count = Glibc.read(controller, &buffer, buffer.count)
                return count > 0 ? Data(buffer.prefix(count)) : nil
            }
        case .pipes:
            let input = Pipe()
            let output = Pipe()
            self.input = input
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            read = {
                let data = output.fileHandleForReading.availableData
                return data.isEmpty ? nil : data
            }
        }
        try process.run()
        let thread = Thread { [self] in
            while isReading, let data = read() { append(data) }
        }
        thread.start()
    }

    deinit {
        stop()
        if process.isRunning { process.terminate() }
        if controller >= 0 { close(controller) }
        if terminal >= 0 { close(terminal) }
    }

    private var isReading: Bool {
        lock.lock()
        defer { lock.unlock() }
        return reading
    }

    private func append(_ data: Data) {
        lock.lock()
        received.append(data)
        lock.unlock()
    }

    func stop() {
        lock.lock()
        reading = false
        lock.unlock()
    }

    /// Everything written so far.
    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: received, as: UTF8.self)
    }

    /// What is on the screen: the output since the last clearing of the screen, colours removed.
    var screen: String {
        Self.plain(output.components(separatedBy: "\u{1B}[2J").last ?? "")
    }

    /// Every screen so far, colours removed: for one that may be gone when the test looks.
    var transcript: String { Self.plain(output) }

    private static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Types `text` (on the terminal, each character a key; on the pipe, lines).
    func send(_ text: String) {
        let data = Data(text.utf8)
        if let input {
            input.fileHandleForWriting.write(data)
        } else {
            _ = data.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
        }
    }

    /// Ends standard input (on pipes), as Ctrl-D does on a terminal.
    func closeInput() {
        try? input?.fileHandleForWriting.close()
    }

    /// Waits, up to `timeout` seconds, until `condition` holds of the screen (on pipes: of all the
    /// output), looking ten times a second. A loaded machine may take long: the timeout is generous.
    @discardableResult
    /// - Parameter everything: look at every screen so far rather than the last one.
    func wait(for what: String, timeout: TimeInterval = 180, everything: Bool = false,
              _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var ended: Date?
        while Date() < deadline {
            let text = input != nil ? output : everything ? transcript : screen
            if condition(text) { return text }
            // Once it has ended, what it wrote last is read within moments, or never comes.
            if !process.isRunning {
                ended = ended ?? Date()
                if let ended, Date().timeIntervalSince(ended) > 5 {
                    throw Timeout(description: "the grader ended (status \(process.terminationStatus)) before \(what). It wrote:\n\(output)")
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Timeout(description: "no \(what) within \(Int(timeout)) s. The grader wrote:\n\(output)")
    }

    /// Waits until the screen (or output) contains every one of `texts`.
    @discardableResult
    func wait(forAll texts: [String], timeout: TimeInterval = 180, everything: Bool = false) throws -> String {
        try wait(for: texts.map { "'\($0)'" }.joined(separator: " and "), timeout: timeout, everything: everything) { text in
            texts.allSatisfy { text.contains($0) }
        }
    }

    /// Waits for the grader to end; its exit status, or nil if it is still running after `timeout` seconds.
    func exitStatus(timeout: TimeInterval = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Waits until the grader's process state (`/proc/PID/stat`: `R`, `S`, `T` for stopped…) satisfies `condition`.
    func waitForState(_ what: String, timeout: TimeInterval = 60, _ condition: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            // pid (comm) STATE …: the state follows the last parenthesis.
            if let close = stat.lastIndex(of: ")") {
                let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
                if condition(String(state)) { return }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Timeout(description: "the grader was not \(what) within \(Int(timeout)) s")
    }

    /// The terminal's settings as the grader left them.
    func terminalSettings() -> termios {
        var settings = termios()
        tcgetattr(terminal, &settings)
        return settings
    }
}

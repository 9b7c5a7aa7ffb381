import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The request loop of an exercise binary.
struct DriverRuntime {
    let operations: Operations
    var input: LineReader
    let replyFD: Int32

    init(operations: Operations, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.operations = operations
        let requestFD = environment[WireProtocol.requestFDVariable].flatMap(Int32.init) ?? WireProtocol.requestFD
        replyFD = environment[WireProtocol.replyFDVariable].flatMap(Int32.init) ?? WireProtocol.replyFD
        input = LineReader(fd: requestFD)
    }

    /// Serves requests; returns the exit code.
    mutating func run() -> Int32 {
        // Line-buffered stdout: a crash later in the step loses nothing already printed.
        setvbuf(stdout, nil, _IOLBF, 0)
        setvbuf(stderr, nil, _IONBF, 0)
        if fcntl(replyFD, F_GETFD) == -1 {
            let message = "This program is an exercise binary: run it through `grader check`, not directly.\n"
            fputs(message, stderr)
            return 64
        }
        while let line = input.next() {
            if line.isEmpty { continue }
            guard let request = try? JSONDecoder.exercise.decode(WireRequest.self, from: line) else {
                send(.fault("malformed request: \(String(decoding: line.prefix(200), as: UTF8.self))"))
                continue
            }
            switch request {
            case .control(.terminate):
                terminate()
                return 0
            case .control(.operations):
                send(.value(.array(operations.names.map(JSONValue.string))))
            case .call(let operation, let arguments):
                send(handle(operation: operation, arguments: arguments))
            }
        }
        // The grader closed the request pipe: it is gone, end quietly.
        return 0
    }

    private func handle(operation name: String, arguments: JSONValue?) -> WireReply {
        guard let handler = operations.handlers[name] else {
            return .fault("unknown operation '\(name)'; the driver registers: \(operations.names.joined(separator: ", "))")
        }
        defer { flushOutput() }
        do {
            return .value(try handler(arguments))
        } catch let fault as DriverFault {
            return .fault(fault.description)
        } catch {
            return .error(ThrownError(describing: error))
        }
    }

    /// Ends the process as iOS ends a suspended app: the app's termination handlers run and
    /// its user defaults are saved. On Apple platforms defaults save themselves; on Linux
    /// they are saved only by `synchronize()`, so the runtime calls it here.
    private func terminate() {
        for handler in operations.terminationHandlers { handler() }
        UserDefaults.standard.synchronize()
        let suites = ProcessInfo.processInfo.environment[WireProtocol.suitesVariable] ?? ""
        for suite in suites.split(separator: ",") {
            UserDefaults(suiteName: String(suite))?.synchronize()
        }
        flushOutput()
    }

    private func flushOutput() {
        fflush(stdout)
        fflush(stderr)
    }

    private func send(_ reply: WireReply) {
        let line = (try? WireProtocol.line(reply))
            ?? (try? WireProtocol.line(WireReply.fault("the reply could not be encoded")))
            ?? Data()
        var bytes = [UInt8](line)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(replyFD, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                exit(0) // The grader is gone.
            }
            offset += written
        }
    }
}

/// Reads newline-terminated lines from a file descriptor without Foundation's buffering.
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
    }

    /// The next line without its newline, or nil at end of input.
    mutating func next() -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if buffer.isEmpty { return nil }
                defer { buffer.removeAll() }
                return Data(buffer)
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}

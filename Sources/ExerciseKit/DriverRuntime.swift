import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The request loop of an exercise binary.
struct DriverRuntime {
    var input: LineReader
    let replyFD: Int32
    /// The launch's secret, which every reply carries.
    let secret: String

    /// Connects to the grader: checks the descriptors and reads the launch's secret. Called
    /// before the driver registers its operations, so before any learner code runs and can read
    /// the request stream. Nil (with a message on standard error) when the binary was not
    /// started by the grader.
    static func connect(environment: [String: String] = ProcessInfo.processInfo.environment) -> DriverRuntime? {
        // Line-buffered stdout: a crash later in the step loses nothing already printed.
        setvbuf(stdout, nil, _IOLBF, 0)
        setvbuf(stderr, nil, _IONBF, 0)
        let requestFD = environment[WireProtocol.requestFDVariable].flatMap(Int32.init) ?? WireProtocol.requestFD
        let replyFD = environment[WireProtocol.replyFDVariable].flatMap(Int32.init) ?? WireProtocol.replyFD
        var input = LineReader(fd: requestFD)
        guard fcntl(replyFD, F_GETFD) != -1, let line = input.next(),
              let greeting = try? JSONDecoder.exercise.decode(WireGreeting.self, from: line) else {
            fputs("This program is an exercise binary: run it through `grader check`, not directly.\n", stderr)
            return nil
        }
        return DriverRuntime(input: input, replyFD: replyFD, secret: greeting.secret)
    }

    /// Serves requests with `operations`; returns the exit code.
    mutating func run(_ operations: Operations) -> Int32 {
        while let line = input.next() {
            if line.isEmpty { continue }
            guard let envelope = try? JSONDecoder.exercise.decode(WireEnvelope<WireRequest>.self, from: line) else {
                let sequence = (try? JSONDecoder.exercise.decode(Sequence.self, from: line))?.seq ?? 0
                send(.fault("malformed request: \(String(decoding: line.prefix(200), as: UTF8.self))"), sequence: sequence)
                continue
            }
            switch envelope.message {
            case .control(.terminate):
                terminate(operations)
                return 0
            case .control(.operations):
                send(.value(.array(operations.names.map(JSONValue.string))), sequence: envelope.sequence)
            case .call(let operation, let arguments):
                let reply = handle(operations, operation: operation, arguments: arguments)
                send(reply, sequence: envelope.sequence, numberTypes: operations.typedNumbers.contains(operation))
            }
        }
        // The grader closed the request pipe: it is gone, end quietly.
        return 0
    }

    /// The one field of a request that cannot be decoded whole.
    private struct Sequence: Decodable {
        var seq: Int
    }

    private func handle(_ operations: Operations, operation name: String, arguments: JSONValue?) -> WireReply {
        guard let handler = operations.handlers[name] else {
            return .fault("unknown operation '\(name)'; the driver registers: \(operations.names.joined(separator: ", "))")
        }
        defer {
            endTurn()
            flushOutput()
        }
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
    private func terminate(_ operations: Operations) {
        for handler in operations.terminationHandlers { handler() }
        UserDefaults.standard.synchronize()
        let suites = ProcessInfo.processInfo.environment[WireProtocol.suitesVariable] ?? ""
        for suite in suites.split(separator: ",") {
            UserDefaults(suiteName: String(suite))?.synchronize()
        }
        flushOutput()
    }

    /// Ends the main run loop's turn, as an app's does once it has handled an event (a tap, a
    /// launch): blocks the call queued on the main queue or the main run loop run now, before
    /// the reply, among them a main-queue context's processing of its pending changes, which a
    /// fetched results controller reports. One pass, as one turn of a run loop is: what those
    /// blocks queue on the main queue in turn waits for the end of the next call.
    private func endTurn() {
        _ = RunLoop.main.run(mode: .default, before: .distantPast)
    }

    private func flushOutput() {
        fflush(stdout)
        fflush(stderr)
    }

    private func send(_ reply: WireReply, sequence: Int, numberTypes: Bool = false) {
        func line(_ reply: WireReply) -> Data? {
            try? WireProtocol.line(WireEnvelope(reply, sequence: sequence, secret: secret, numberTypes: numberTypes))
        }
        var bytes = [UInt8](line(reply) ?? line(.fault("the reply could not be encoded")) ?? Data())
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

/// Reads newline-terminated lines from a file descriptor without Foundation's buffering, in time
/// proportional to what it reads: each byte is searched for a newline once, however many reads a
/// long line takes to arrive, and lines are taken from the front without moving what follows.
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// How far past `start` is known to hold no newline.
    private var scanned = 0

    init(fd: Int32) {
        self.fd = fd
    }

    /// The next line without its newline, or nil at end of input.
    mutating func next() -> Data? {
        while true {
            if let newline = Self.newline(in: buffer, from: start + scanned) {
                let line = Data(buffer[start..<newline])
                start = newline + 1
                scanned = 0
                return line
            }
            scanned = buffer.count - start
            // What was taken is dropped once it is most of the buffer, so moving the rest costs
            // no more than what was read.
            if start > 0, start >= buffer.count - start {
                buffer.removeSubrange(..<start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if start == buffer.count { return nil }
                defer {
                    buffer.removeAll()
                    start = 0
                    scanned = 0
                }
                return Data(buffer[start...])
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The index of the first newline at or after `from`, found by the C library (the runtime is
    /// built without optimization, where a Swift loop over every byte is slow).
    static func newline(in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            guard from < all.count, let base = all.baseAddress,
                  let hit = memchr(base + from, Int32(UInt8(ascii: "\n")), all.count - from) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }
}

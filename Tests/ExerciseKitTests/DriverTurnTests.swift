import Foundation
import XCTest
@testable import ExerciseKit

/// Each call is one turn of the app's main run loop: what the call queued on the main queue or
/// the main run loop has run before its reply, as an app's run loop runs it once an event is
/// handled. (XCTest, not Swift Testing: its tests run on the main thread, whose run loop the
/// driver turns, as in an exercise binary.)
final class DriverTurnTests: XCTestCase {
    /// Serves `requests` (operation names) with `operations` through real pipes, in this
    /// process, on the main thread; returns the replies.
    private func serve(_ requests: [String], _ operations: Operations) throws -> [WireReply] {
        XCTAssertTrue(Thread.isMainThread)
        var toDriver: [Int32] = [0, 0]
        var fromDriver: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&toDriver), 0)
        XCTAssertEqual(pipe(&fromDriver), 0)
        var input = try WireProtocol.line(WireGreeting(secret: "5ec"))
        for (sequence, name) in requests.enumerated() {
            input += try WireProtocol.line(WireEnvelope(WireRequest.call(operation: name, arguments: nil), sequence: sequence))
        }
        input.withUnsafeBytes { _ = write(toDriver[1], $0.baseAddress, $0.count) }
        close(toDriver[1])
        var runtime = try XCTUnwrap(DriverRuntime.connect(environment: [
            WireProtocol.requestFDVariable: String(toDriver[0]), WireProtocol.replyFDVariable: String(fromDriver[1]),
        ]))
        XCTAssertEqual(runtime.run(operations), 0)
        close(toDriver[0])
        close(fromDriver[1])
        let output = FileHandle(fileDescriptor: fromDriver[0], closeOnDealloc: true).readDataToEndOfFile()
        return try output.split(separator: UInt8(ascii: "\n")).map { line in
            try JSONDecoder().decode(WireEnvelope<WireReply>.self, from: Data(line)).message
        }
    }

    private final class Log {
        var entries: [String] = []
    }

    func testWhatACallQueuesOnTheMainThreadRunsBeforeItsReply() throws {
        let log = Log()
        var operations = Operations()
        operations.on("queue") { () -> [String] in
            DispatchQueue.main.async { log.entries.append("main queue") }
            RunLoop.main.perform { log.entries.append("run loop") }
            return log.entries
        }
        operations.on("read") { () -> [String] in log.entries }
        let replies = try serve(["queue", "read"], operations)
        XCTAssertEqual(replies, [.value(.array([])), .value(.array([.string("run loop"), .string("main queue")]))])
    }

    func testACallThatThrowsEndsItsTurnToo() throws {
        let log = Log()
        var operations = Operations()
        operations.on("fail") { () throws -> Int in
            DispatchQueue.main.async { log.entries.append("ran") }
            throw CocoaError(.fileNoSuchFile)
        }
        operations.on("read") { () -> [String] in log.entries }
        let replies = try serve(["fail", "read"], operations)
        XCTAssertEqual(replies.count, 2)
        guard case .error = replies.first else { return XCTFail("the first reply is \(replies.first as Any), not the error") }
        XCTAssertEqual(replies.last, .value(.array([.string("ran")])))
    }
}

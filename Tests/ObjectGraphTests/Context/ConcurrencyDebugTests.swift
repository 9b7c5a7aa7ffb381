import Foundation
import XCTest
@testable import ObjectGraph

/// The wrong-thread trap stops the program, so it is proved in a child process: the test runs
/// its own test binary again, for this test only, with `OBJECTGRAPH_CONCURRENCY_DEBUG=1` and a
/// variable that makes the child do the forbidden thing.
final class ConcurrencyDebugTests: XCTestCase {
    private static let childVariable = "OBJECTGRAPH_TEST_WRONG_THREAD_CHILD"

    func testUsingAPrivateContextAwayFromItsQueueTraps() throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] == "1" {
            let stack = try TestStack(.inMemory)
            let background = stack.container.newBackgroundContext()
            _ = background.hasChanges  // the test's own thread is not the context's queue
            XCTFail("the context was used away from its queue and nothing stopped the program")
            return
        }
        #if !os(Linux)
        // Elsewhere the test binary is run by a separate `xctest` tool, with other arguments.
        throw XCTSkip("runs its test binary again the way Linux's swift test does")
        #endif
        let child = try runChild(debug: "1")
        XCTAssertNotEqual(child.status, 0, "the child should have been stopped:\n\(child.output)")
        XCTAssertTrue(child.output.contains("ObjectGraph concurrency violation: a privateQueue context was used away from its queue"), child.output)
        XCTAssertTrue(child.output.contains("context.performAndWait"), "the message names the fix:\n\(child.output)")

        let unchecked = try runChild(debug: "0")
        XCTAssertFalse(unchecked.output.contains("concurrency violation"), "without the variable nothing traps:\n\(unchecked.output)")
        // The child must have run the test at all: a filter matching nothing also prints no trap.
        XCTAssertTrue(unchecked.output.contains("nothing stopped the program"), unchecked.output)
    }

    /// Runs this test alone in a new process of the same test binary.
    private func runChild(debug: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["ObjectGraphTests.ConcurrencyDebugTests/testUsingAPrivateContextAwayFromItsQueueTraps"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        environment["OBJECTGRAPH_CONCURRENCY_DEBUG"] = debug
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

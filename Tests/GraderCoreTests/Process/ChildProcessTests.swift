import Foundation
import Testing
@testable import GraderCore

/// The grader's end of the pipes, with real processes: a child that stops reading, closes its
/// end or sends one very long line never blocks, kills or swamps the grader.
struct ChildProcessTests {
    /// `/bin/sh -c SCRIPT` with the protocol pipes on descriptors 3 (requests) and 4 (replies).
    private func shell(_ script: String) throws -> ChildProcess {
        try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                         protocolPipes: true)
    }

    private static let fiftyMegabytes = Data(repeating: UInt8(ascii: "a"), count: 50 << 20) + Data("\n".utf8)

    @Test func aChildThatClosesItsRequestsIsNoSIGPIPE() throws {
        // Before: the write got EPIPE with SIGPIPE at its default, which ended the grader (here, the tests).
        let child = try shell("exec 3<&-; exec sleep 20")
        defer { child.kill() }
        #expect(child.send(Self.fiftyMegabytes, deadline: Date().addingTimeInterval(20)) == .closed)
        // The grader can write again, and SIGPIPE is not left blocked in this thread.
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        #expect(sigismember(&mask, SIGPIPE) == 0)
    }

    @Test func aChildThatDoesNotReadRunsOutItsDeadline() throws {
        // Before: a blocking write with no deadline, for as long as the child lived.
        let child = try shell("exec sleep 20")
        defer { child.kill() }
        #expect(child.send(Self.fiftyMegabytes, deadline: Date().addingTimeInterval(0.5)) == .timedOut)
        #expect(child.termination == nil, "the child is left to the caller, which kills it for its time limit")
    }

    @Test func aChildThatReadsGetsEveryByteWhileItsOutputIsTaken() throws {
        // The child prints as much as it reads, so the grader must read its output while writing.
        let child = try shell("cat <&3; echo done >&4")
        defer { child.kill() }
        #expect(child.send(Self.fiftyMegabytes, deadline: Date().addingTimeInterval(60)) == .sent)
        child.closeRequests()
        #expect(child.nextReply(deadline: Date().addingTimeInterval(60), outputLimit: .max) == .reply(Data("done".utf8)))
        #expect(child.outputTotal == Self.fiftyMegabytes.count)
    }

    @Test func aLongReplyIsReadWholeAndAnEndlessOneIsCut() throws {
        let long = try shell("head -c 20000000 /dev/zero | tr '\\0' a >&4; echo >&4; echo next >&4")
        defer { long.kill() }
        guard case .reply(let line) = long.nextReply(deadline: Date().addingTimeInterval(60), outputLimit: 1 << 20) else {
            Issue.record("no reply")
            return
        }
        #expect(line.count == 20_000_000 && line.allSatisfy { $0 == UInt8(ascii: "a") })
        #expect(long.nextReply(deadline: Date().addingTimeInterval(60), outputLimit: 1 << 20) == .reply(Data("next".utf8)))

        // A reply line without end is cut at the limit instead of filling the grader's memory.
        let endless = try shell("exec tr '\\0' a </dev/zero >&4")
        defer { endless.kill() }
        guard case .reply(let cut) = endless.nextReply(deadline: Date().addingTimeInterval(60), outputLimit: 1 << 20) else {
            Issue.record("no reply")
            return
        }
        #expect(cut.count == ChildProcess.replyLimit)
    }
}

import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The protocol's decoders fed random and mutated bytes, seeded: each answer is a value (a
/// reply, a malformed or forged one), never a crash. A crash ends this test process: that is
/// the failure this test looks for.
struct ReplyDecodingFuzzTests {
    private static let secret = "0123456789abcdef0123456789abcdef"

    /// Valid lines to mutate: a reply of each kind, and requests.
    private static let seeds: [Data] = {
        let thrown = ThrownError(type: "CarError", case: "tooFast", description: "too fast", codingPath: "a.b[2]")
        let replies: [WireReply] = [
            .value(.object(["name": .string("Ada"), "ratio": .double(2), "tags": .array([.int(1), .null, .bool(true)])])),
            .error(thrown), .fault("unknown operation"), .value(.null),
        ]
        let requests: [WireRequest] = [.call(operation: "save", arguments: .object(["x": .double(3)])), .control(.terminate)]
        return replies.compactMap { try? WireProtocol.line(WireEnvelope($0, sequence: 3, secret: secret, numberTypes: true)) }
            + requests.compactMap { try? WireProtocol.line(WireEnvelope($0, sequence: 3)) }
    }()

    /// Bytes that break JSON decoders in interesting ways, spliced into the seeds.
    private static let fragments = [
        #""doubles":["/0/1/2","","/~2","/-1","/99999999999999999999"]"#, "1e999", "-0", "18446744073709551616",
        String(repeating: "[", count: 600), String(repeating: "{\"a\":", count: 600), "\"\\ud800\"", "\u{0}",
        "\"seq\":-9223372036854775808", "\"value\":", "\u{FF}\u{FE}", "null", "\"secret\":\"\(secret)\"",
    ]

    @Test func randomAndMutatedRepliesAreValuesNeverCrashes() {
        var random = SeededRandom(seed: 17)
        var malformed = 0
        for round in 0..<4000 {
            let line = Self.input(round, using: &random)
            let (event, _) = AppSession.decodeReply(line, sequence: 3, secret: Self.secret)
            switch event {
            case .malformedReply, .forgedReply: malformed += 1
            case .replied: break
            default: Issue.record("a reply decodes to \(event)")
            }
            // The driver's side reads requests with the same types.
            _ = try? JSONDecoder.exercise.decode(WireEnvelope<WireRequest>.self, from: line)
        }
        #expect(malformed > 3000, "most random lines are not replies")
    }

    /// Round `round`'s input: random bytes, or a seed flipped, cut, repeated or spliced.
    private static func input(_ round: Int, using random: inout SeededRandom) -> Data {
        if round % 4 == 0 {
            return Data((0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        var bytes = [UInt8](seeds.randomElement(using: &random)!.dropLast())
        switch round % 4 {
        case 1:
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 2:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        default:
            let at = Int.random(in: 0...bytes.count, using: &random)
            bytes.insert(contentsOf: Array(fragments.randomElement(using: &random)!.utf8), at: at)
        }
        return Data(bytes)
    }

    @Test func deepNestingAndHugeNumbersAreMalformedNotCrashes() {
        let deep = Data(("{\"seq\":3,\"secret\":\"\(Self.secret)\",\"value\":" + String(repeating: "[", count: 100_000)
                         + String(repeating: "]", count: 100_000) + "}").utf8)
        guard case .malformedReply = AppSession.decodeReply(deep, sequence: 3, secret: Self.secret).0 else {
            Issue.record("100,000 nested lists decoded")
            return
        }
        let huge = Data("{\"seq\":3,\"secret\":\"\(Self.secret)\",\"value\":1e999}".utf8)
        if case .replied(.value(.double(let number))) = AppSession.decodeReply(huge, sequence: 3, secret: Self.secret).0 {
            #expect(number.isFinite, "an infinite number came through")
        }
    }
}

import Foundation
import Testing
@testable import ExerciseKit

/// Both ends use these types; the text on the wire stays what it always was.
struct WireProtocolTests {
    private func text<Message: Encodable>(_ message: Message) throws -> String {
        String(decoding: try WireProtocol.line(message), as: UTF8.self)
    }

    @Test func requestsOnTheWire() throws {
        #expect(try text(WireRequest.call(operation: "save", arguments: .object(["speed": .int(3)])))
                == #"{"args":{"speed":3},"op":"save"}"# + "\n")
        #expect(try text(WireRequest.call(operation: "load", arguments: nil)) == #"{"op":"load"}"# + "\n")
        #expect(try text(WireRequest.control(.terminate)) == #"{"control":"terminate"}"# + "\n")
        for request in [WireRequest.call(operation: "a/b", arguments: .array([.null, .double(0.5)])), .control(.operations)] {
            #expect(try JSONDecoder().decode(WireRequest.self, from: WireProtocol.line(request)) == request)
        }
    }

    @Test func repliesOnTheWire() throws {
        let thrown = ThrownError(type: "CarError", case: "negativeSpeed", description: "no", codingPath: nil)
        #expect(try text(WireReply.value(.null)) == #"{"value":null}"# + "\n")
        #expect(try text(WireReply.fault("bad")) == #"{"fault":"bad"}"# + "\n")
        for reply in [WireReply.value(.null), .value(.object(["a": .string("/x")])), .error(thrown), .fault("bad")] {
            #expect(try JSONDecoder().decode(WireReply.self, from: WireProtocol.line(reply)) == reply)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WireReply.self, from: Data(#"{"other":1}"#.utf8)) }
    }

    @Test func envelopesAddTheSequenceAndTheSecretBesideTheMessage() throws {
        let request = WireEnvelope(WireRequest.call(operation: "load", arguments: nil), sequence: 2)
        #expect(try text(request) == #"{"op":"load","seq":2}"# + "\n")
        #expect(try JSONDecoder().decode(WireEnvelope<WireRequest>.self, from: WireProtocol.line(request)) == request)
        let reply = WireEnvelope(WireReply.value(.int(3)), sequence: 2, secret: "5ec")
        #expect(try text(reply) == #"{"secret":"5ec","seq":2,"value":3}"# + "\n")
        #expect(try JSONDecoder().decode(WireEnvelope<WireReply>.self, from: WireProtocol.line(reply)) == reply)
        // A reply written without the envelope, as learner code would, decodes with no secret or not at all.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(WireEnvelope<WireReply>.self, from: Data(#"{"value":3}"#.utf8))
        }
        #expect(try text(WireGreeting(secret: "5ec")) == #"{"secret":"5ec"}"# + "\n")
    }

    @Test func secretsAreFreshAndLong() {
        let secrets = Set((0..<100).map { _ in WireGreeting.freshSecret() })
        #expect(secrets.count == 100)
        #expect(secrets.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func aResultIsTheJSONTheDriversEncoderWrites() throws {
        struct Entry: Encodable { var when = Date(timeIntervalSince1970: 0); var bytes = Data([1, 2]); var half = 0.5 }
        #expect(try Operations.encodeResult(Entry()) == .object([
            "when": .string("1970-01-01T00:00:00Z"), "bytes": .string("AQI="), "half": .double(0.5),
        ]))
    }
}

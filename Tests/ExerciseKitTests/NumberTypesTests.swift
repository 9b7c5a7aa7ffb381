import Foundation
import Testing
@testable import ExerciseKit

/// A whole `Double` reaches the other end as a `Double`, not as the integer JSON text makes of it.
struct NumberTypesTests {
    private func text<Message: Encodable>(_ message: Message) throws -> String {
        String(decoding: try WireProtocol.line(message), as: UTF8.self)
    }

    @Test func wholeDoublesAreMarkedByPointerAndRestored() throws {
        let value = JSONValue.object([
            "volume": .double(1), "count": .int(3), "ratio": .double(0.5),
            "a/b~c": .array([.int(0), .double(-2), .object(["x": .double(1e20)])]),
        ])
        let pointers = NumberTypes.doublePointers(in: value)
        // 0.5 reads back as fractional by itself; keys escape "/" and "~" (RFC 6901).
        #expect(pointers == ["/a~1b~0c/1", "/a~1b~0c/2/x", "/volume"])
        let throughText = try JSONValue(parsing: value.jsonText)
        #expect(throughText != value)
        #expect(NumberTypes.restoring(pointers, in: throughText) == value)
        // A pointer that names no integer, or nothing at all, changes nothing.
        #expect(NumberTypes.restoring(["/count/0", "/missing", "/ratio"], in: throughText) == throughText)
        #expect(NumberTypes.restoring([""], in: .int(4)) == .double(4))
    }

    @Test func repliesAndArgumentsKeepTheirNumberTypesOnTheWire() throws {
        let reply = WireReply.value(.object(["speed": .double(3), "gear": .int(3)]))
        #expect(try text(reply) == #"{"doubles":["/speed"],"value":{"gear":3,"speed":3}}"# + "\n")
        #expect(try JSONDecoder().decode(WireReply.self, from: WireProtocol.line(reply)) == reply)
        let request = WireRequest.call(operation: "external", arguments: .object(["value": .double(1)]))
        #expect(try JSONDecoder().decode(WireRequest.self, from: WireProtocol.line(request)) == request)
        // Without whole doubles the text is what it always was.
        #expect(try text(WireReply.value(.double(2.5))) == #"{"value":2.5}"# + "\n")
    }

    @Test func theDriverAsksForNumberTypesOnTheEnvelope() throws {
        let typed = WireEnvelope(WireReply.value(.int(1)), sequence: 1, secret: "s", numberTypes: true)
        #expect(try text(typed) == #"{"number_types":true,"secret":"s","seq":1,"value":1}"# + "\n")
        let decoded = try JSONDecoder().decode(WireEnvelope<WireReply>.self, from: WireProtocol.line(typed))
        #expect(decoded.numberTypes)
        let plain = WireEnvelope(WireReply.value(.int(1)), sequence: 1, secret: "s")
        #expect(try !JSONDecoder().decode(WireEnvelope<WireReply>.self, from: WireProtocol.line(plain)).numberTypes)
    }

    struct Reading: Encodable {
        var volume: Double
        var count: Int
        var levels: [Float]
        var when: Date
        var note: String?
        var byName: [String: Double]
    }

    @Test func aResultsSwiftTypesDecideItsNumberTypes() throws {
        let reading = Reading(volume: 1, count: 2, levels: [3, 0.25], when: Date(timeIntervalSince1970: 0),
                              note: nil, byName: ["a/b": 4])
        let value = try Operations.encodeResult(reading)
        #expect(value == .object([
            "volume": .double(1), "count": .int(2), "levels": .array([.double(3), .double(0.25)]),
            "when": .string("1970-01-01T00:00:00Z"), "byName": .object(["a/b": .double(4)]),
        ]))
        // A JSONValue result keeps its own types (as JSONValue(propertyList:) read them).
        #expect(try Operations.encodeResult(JSONValue.array([.double(5), .int(5)])) == .array([.double(5), .int(5)]))
        #expect(try Operations.encodeResult(["x": JSONValue.double(6)]) == .object(["x": .double(6)]))
        #expect(try Operations.encodeResult(7.0) == .double(7))
        #expect(try Operations.encodeResult(7) == .int(7))
    }
}

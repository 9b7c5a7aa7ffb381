import Foundation
import Testing
@testable import ExerciseKit

enum CarError: Error {
    case tooFast
    case unknownModel(String)
}

struct ValidationFailure: Error, CustomStringConvertible {
    var description: String { "age must be under 100" }
}

enum ShelfError: Error {
    case notFound(Int)
    case tooLong(count: Int, limit: Int)
    case pair(String, Double)
    case missing(String?)
    case full
}

struct ThrownErrorTests {
    @Test func associatedValuesAndCodesAreReported() throws {
        #expect(ThrownError(describing: ShelfError.notFound(7)).values == .int(7))
        #expect(ThrownError(describing: ShelfError.notFound(7)).case == "notFound")
        #expect(ThrownError(describing: ShelfError.tooLong(count: 3, limit: 2)).values
                == .object(["count": .int(3), "limit": .int(2)]))
        #expect(ThrownError(describing: ShelfError.pair("a", 0.5)).values == .array([.string("a"), .double(0.5)]))
        #expect(ThrownError(describing: ShelfError.missing(nil)).values == .null)
        #expect(ThrownError(describing: ShelfError.missing("x")).values == .string("x"))
        #expect(ThrownError(describing: ShelfError.full).values == nil)
        #expect(ThrownError(describing: ShelfError.full).code == nil)
        #expect(ThrownError(describing: ValidationFailure()).values == nil)
        let cocoa = ThrownError(describing: CocoaError(.fileNoSuchFile))
        #expect(cocoa.case == "fileNoSuchFile")
        #expect(cocoa.code == 4)
        // They travel on the wire and come back the same.
        let thrown = ThrownError(describing: ShelfError.tooLong(count: 3, limit: 2))
        #expect(try JSONDecoder().decode(ThrownError.self, from: JSONEncoder().encode(thrown)) == thrown)
    }

    @Test func decodingErrorsGiveTheirCodingPath() throws {
        struct Pet: Decodable { var name: String }
        struct Person: Decodable { var name: String; var pets: [Pet] }
        func thrown(_ json: String) -> ThrownError? {
            do {
                _ = try JSONDecoder().decode(Person.self, from: Data(json.utf8))
                return nil
            } catch {
                return ThrownError(describing: error)
            }
        }
        #expect(thrown(#"{"name": "Ana", "pets": [{"name": "Rex"}, {"name": 7}]}"#)?.codingPath == "pets[1].name")
        // keyNotFound names the missing key itself.
        #expect(thrown(#"{"pets": []}"#)?.codingPath == "name")
        #expect(thrown(#"{"name": "Ana", "pets": [{}]}"#)?.codingPath == "pets[0].name")
        #expect(thrown("[]")?.codingPath == "")
        // A dictionary key that looks like a number is still a name.
        struct Scores: Decodable { var scores: [String: Int] }
        do {
            _ = try JSONDecoder().decode(Scores.self, from: Data(#"{"scores": {"3": "x"}}"#.utf8))
            Issue.record("decoding should fail")
        } catch {
            #expect(ThrownError(describing: error).codingPath == "scores.3")
        }
        #expect(ThrownError(describing: CarError.tooFast).codingPath == nil)
    }

    @Test func cocoaErrorsAreNamedLikeTheirCodes() throws {
        let exists = ThrownError(describing: CocoaError(.fileWriteFileExists))
        #expect(exists.type == "CocoaError" && exists.case == "fileWriteFileExists")
        // Core Data's codes, which ObjectGraph throws, have their names too.
        let denied = ThrownError(describing: NSError(domain: NSCocoaErrorDomain, code: 1600))
        #expect(denied.case == "validationRelationshipDeniedDelete" && denied.code == 1600)
        #expect(ThrownError(describing: NSError(domain: NSCocoaErrorDomain, code: 134100)).case == "persistentStoreIncompatibleVersionHash")
        // PropertyListSerialization throws a plain NSError in the Cocoa domain: the same name.
        do {
            _ = try PropertyListSerialization.propertyList(from: Data("not a plist <".utf8), format: nil)
            Issue.record("parsing should fail")
        } catch {
            let thrown = ThrownError(describing: error)
            #expect(thrown.type == "CocoaError")
            #expect(thrown.case == "propertyListReadCorrupt")
        }
        #expect(ThrownError(describing: NSError(domain: NSCocoaErrorDomain, code: 9999)).case == "code 9999")
        #expect(ThrownError(describing: NSError(domain: "Other", code: 1)).case == "Other.1")
    }

    @Test func enumErrorsGiveTheirCase() {
        let plain = ThrownError(describing: CarError.tooFast)
        #expect(plain.type == "CarError")
        #expect(plain.case == "tooFast")
        let payload = ThrownError(describing: CarError.unknownModel("Delorean"))
        #expect(payload.case == "unknownModel")
    }

    @Test func decodingErrorsGiveTheirCase() throws {
        struct Person: Decodable { var name: String }
        do {
            _ = try JSONDecoder().decode(Person.self, from: Data("{}".utf8))
            Issue.record("decoding should fail")
        } catch {
            let thrown = ThrownError(describing: error)
            #expect(thrown.type == "DecodingError")
            #expect(thrown.case == "keyNotFound")
            #expect(!thrown.description.isEmpty)
        }
    }

    @Test func otherErrorsAreDescribed() {
        let thrown = ThrownError(describing: ValidationFailure())
        #expect(thrown.type.hasSuffix("ValidationFailure"))
        #expect(thrown.case == "age must be under 100")
        let ns = ThrownError(describing: NSError(domain: "Bank", code: 7))
        #expect(ns.type == "NSError")
        #expect(ns.case == "Bank.7")
    }

    @Test func resultsEncodeWithSortedKeysAndISODates() throws {
        struct Entry: Encodable { var zeta = 1; var alpha = Date(timeIntervalSince1970: 0) }
        let text = String(decoding: try JSONEncoder.exercise.encode(Entry()), as: UTF8.self)
        #expect(text == #"{"alpha":"1970-01-01T00:00:00Z","zeta":1}"#)
    }

    @Test func argumentsDecodeFromTheRequestOrFromNothing() throws {
        struct Args: Decodable { var speed: Int? }
        let given = try Operations.decodeArguments(Args.self, from: .object(["speed": .int(3)]), operation: "x")
        #expect(given.speed == 3)
        let absent = try Operations.decodeArguments(Args.self, from: nil, operation: "x")
        #expect(absent.speed == nil)
        #expect(throws: DriverFault.self) {
            _ = try Operations.decodeArguments(Args.self, from: .object(["speed": .string("fast")]), operation: "x")
        }
    }

    @Test func lineReaderSplitsAPipeIntoLines() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("one\ntwo\nthree".utf8))
        try pipe.fileHandleForWriting.close()
        var reader = LineReader(fd: pipe.fileHandleForReading.fileDescriptor)
        #expect(reader.next().map { String(decoding: $0, as: UTF8.self) } == "one")
        #expect(reader.next().map { String(decoding: $0, as: UTF8.self) } == "two")
        #expect(reader.next().map { String(decoding: $0, as: UTF8.self) } == "three")
        #expect(reader.next() == nil)
    }
}

struct JSONValueTests {
    struct Person: Codable, Equatable { var name: String; var age: Int }

    @Test func anArgumentReachesADecoderAsBytes() throws {
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"name": "Ana", "age": 3, "extra": [1, 2.5, null, true]}"#.utf8))
        #expect(try JSONDecoder().decode(Person.self, from: document.jsonData()) == Person(name: "Ana", age: 3))
        #expect(String(decoding: try document.jsonData(), as: UTF8.self) == #"{"age":3,"extra":[1,2.5,null,true],"name":"Ana"}"#)
        let plain = JSONValue.object(["name": .string("Ana"), "age": .int(3)])
        #expect(try PropertyListDecoder().decode(Person.self, from: plain.plistData(format: .binary)) == Person(name: "Ana", age: 3))
    }

    @Test func propertyListsReadBackAsTheDriversEncodeThem() throws {
        let written: [String: Any] = ["on": true, "one": 1, "half": 0.5, "two": 2.0, "name": "Ana",
                                      "when": Date(timeIntervalSince1970: 0), "bytes": Data([1, 2]), "list": [false, 3]]
        let data = try PropertyListSerialization.data(fromPropertyList: written, format: .binary, options: 0)
        let read = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(JSONValue(propertyList: read) == .object([
            "on": .bool(true), "one": .int(1), "half": .double(0.5), "two": .double(2), "name": .string("Ana"),
            "when": .string("1970-01-01T00:00:00Z"), "bytes": .string("AQI="), "list": .array([.bool(false), .int(3)]),
        ]))
        #expect(JSONValue(propertyList: URL(fileURLWithPath: "/tmp")) == nil)
        // A keyed archive's references are readable too.
        let archive = try NSKeyedArchiver.archivedData(withRootObject: ["a"] as NSArray, requiringSecureCoding: true)
        let graph = try PropertyListSerialization.propertyList(from: archive, format: nil)
        let graphText = try JSONValue(propertyList: graph).map { String(decoding: try $0.jsonData(), as: UTF8.self) }
        #expect(graphText?.contains(#""root":{"CF$UID":1}"#) == true)
        // And back: a null cannot be in a property list, so it is left out.
        let back = JSONValue.object(["a": .int(1), "b": .null]).propertyListObject as? [String: Any]
        #expect(back?.count == 1)
    }
}

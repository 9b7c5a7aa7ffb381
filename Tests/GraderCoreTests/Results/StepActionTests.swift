import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

struct StepActionTests {
    @Test func eachActionIsWrittenAsInTheCaseFileAndKeepsItsPartsInJSON() throws {
        let actions: [(StepAction, String)] = [
            (.call(operation: "save", arguments: .object(["model": .string("Seat")])), #"call save {"model":"Seat"}"#),
            (.call(operation: "load", arguments: nil), "call load"),
            (.killDuring(operation: "save", arguments: nil), "kill during save"),
            (.relaunch, "relaunch"),
            (.kill, "kill"),
            (.check(path: "Documents/a.plist", is: "binary-plist", query: nil), "check Documents/a.plist is a binary-plist document"),
            (.check(path: "db.sqlite", is: "sqlite", query: "SELECT 1"), "check db.sqlite is a SQLite database: SELECT 1"),
            (.check(path: "old.json", is: "absent", query: nil), "check old.json does not exist"),
            (.launch, "launch"),
            (.reference, "reference"),
        ]
        for (action, text) in actions {
            #expect(action.description == text)
            let data = try JSONEncoder().encode(action)
            #expect(try JSONDecoder().decode(StepAction.self, from: data) == action)
        }
        let encoded = try JSONValue(parsing: JSONEncoder().encode(StepAction.killDuring(operation: "save", arguments: .int(1))))
        #expect(encoded == .object(["kind": .string("kill_during"), "operation": .string("save"), "arguments": .int(1)]))
    }

    @Test func aFailureKeepsBothFormsInJSONAndReadsBackItsActions() throws {
        let failure = StepFailure(kind: .wrongValue, stepIndex: 1, step: .relaunch, steps: [.call(operation: "a", arguments: nil), .relaunch],
                                  message: "m", stdout: "", stderr: "")
        let json = try JSONValue(parsing: JSONEncoder().encode(failure))
        #expect(json["step"] == .string("relaunch"))
        #expect(json["steps"] == .array([.string("call a"), .string("relaunch")]))
        #expect(json["action"] == .object(["kind": .string("relaunch")]))
        #expect(try JSONDecoder().decode(StepFailure.self, from: JSONEncoder().encode(failure)) == failure)
    }
}

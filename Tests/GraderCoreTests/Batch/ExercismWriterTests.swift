import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// Checked against Exercism's test runner interface, version 3:
/// https://github.com/exercism/docs/blob/main/building/tooling/test-runners/interface.md
struct ExercismWriterTests {
    private func results(_ id: String, _ slug: String) throws -> [String: Any] {
        let folder = try ClassFixture.outputFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExercismWriter(course: try ClassFixture.course()).write(ClassFixture.reports(), to: folder)
        let data = try Data(contentsOf: folder.appendingPathComponent("exercism/\(id)/\(slug)/results.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func everyFileFollowsVersion3() throws {
        for id in ["s1", "s2", "s3", "s4", "s5"] {
            for slug in ["01-counter", "01-notes"] {
                let results = try results(id, slug)
                #expect(results["version"] as? Int == 3)
                let status = try #require(results["status"] as? String)
                #expect(["pass", "fail", "error"].contains(status))
                if status == "error" { #expect(results["message"] is String, "required when status is error") }
                let tests = try #require(results["tests"] as? [[String: Any]], "required in version 2 and 3")
                for test in tests {
                    #expect(test["name"] is String)
                    #expect(["pass", "fail", "error"].contains(test["status"] as? String))
                    if let output = test["output"] as? String { #expect(output.count <= 500) }
                    if let task = test["task_id"] { #expect(task is Int) }
                }
                if status == "pass" { #expect(tests.allSatisfy { $0["status"] as? String == "pass" }) }
                if status == "fail" { #expect(tests.contains { $0["status"] as? String != "pass" }) }
            }
        }
    }

    @Test func failuresCarryTheirMessageOutputAndSteps() throws {
        let tests = try #require(try results("s2", "01-counter")["tests"] as? [[String: Any]])
        #expect(tests.map { $0["name"] as? String } == ["starts at zero", "increments", "survives a relaunch",
                                                         "rejects a negative step", "prints a report", "hidden case 6"])
        let relaunch = tests[2]
        #expect(relaunch["status"] as? String == "fail")
        #expect((relaunch["message"] as? String)?.contains(#"case "survives a relaunch", step 3: call value"#) == true)
        #expect((relaunch["output"] as? String)?.hasPrefix("saving…") == true)
        #expect(relaunch["test_code"] as? String == "call increment {\"by\":5}\nrelaunch\ncall value")
        let hidden = tests[5]
        #expect(hidden["status"] as? String == "fail")
        #expect(hidden["test_code"] == nil)
        #expect((hidden["message"] as? String)?.contains(ClassFixture.hiddenSecret) == false)
    }

    @Test func aCompileErrorIsAnErrorWithTheCompilersMessage() throws {
        let results = try results("s3", "01-counter")
        #expect(results["status"] as? String == "error")
        #expect((results["message"] as? String)?.contains("Solution.swift:7:16: error: cannot find 'cuont' in scope") == true)
        #expect((results["message"] as? String)?.contains("Solution.swift:2:9: note: did you mean 'count'?") == true, "the error's note")
    }

    @Test func longOutputIsCutToTheSpecsLimit() {
        let cut = ExercismWriter.limited(String(repeating: "x", count: 2000))
        #expect(cut.count == 500)
        #expect(cut.hasSuffix("Output was truncated. Please limit to 500 chars"))
    }
}

import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// Checked against Gradescope's autograder specification,
/// https://gradescope-autograders.readthedocs.io/en/latest/specs/ ("Output format").
struct GradescopeWriterTests {
    private func results(_ id: String) throws -> [String: Any] {
        let folder = try ClassFixture.outputFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try GradescopeWriter(course: try ClassFixture.course()).write(ClassFixture.reports(), to: folder)
        let data = try Data(contentsOf: folder.appendingPathComponent("gradescope/\(id)/results.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func tests(_ results: [String: Any]) throws -> [[String: Any]] {
        try #require(results["tests"] as? [[String: Any]])
    }

    @Test func everyTestHasTheSpecsFields() throws {
        let visibilities: Set<String> = ["hidden", "after_due_date", "after_published", "visible"]
        for id in ["s1", "s2", "s3", "s4", "s5"] {
            let results = try results(id)
            #expect(results["score"] is Double || results["score"] is Int)
            for test in try tests(results) {
                #expect(test["name"] is String)
                #expect(test["score"] != nil && test["max_score"] != nil)
                #expect(["passed", "failed"].contains(test["status"] as? String))
                #expect(visibilities.contains(test["visibility"] as? String ?? ""))
                #expect(test["output"] is String)
            }
        }
    }

    @Test func scoresAddUpAndAreRounded() throws {
        let s2 = try results("s2")
        #expect(s2["score"] as? Double == 5.71, "10 × 4/7, rounded")
        let tests = try tests(s2)
        #expect(tests.count == 7)
        let maxTotal = tests.compactMap { $0["max_score"] as? Double }.reduce(0, +)
        #expect(abs(maxTotal - 15) < 0.001, "the tests are worth the exercises' points: \(maxTotal)")
        let relaunch = try #require(tests.first { ($0["name"] as? String) == "Counter › survives a relaunch" })
        #expect(relaunch["max_score"] as? Double == 2.8571)
        #expect(relaunch["score"] as? Double == 0)
        #expect((relaunch["output"] as? String)?.contains("expected: 5") == true)
    }

    @Test func hiddenCasesAreHiddenAndKeepTheirSecrets() throws {
        let tests = try tests(try results("s2"))
        let hidden = tests.filter { ($0["visibility"] as? String) == "hidden" }
        #expect(hidden.map { $0["name"] as? String } == ["Counter › a kill loses what was not saved"])
        #expect(hidden.first?["status"] as? String == "failed")
        #expect((hidden.first?["output"] as? String)?.contains(ClassFixture.hiddenSecret) == false)
    }

    @Test func aCompileErrorFailsEveryCaseWithTheCompilersLines() throws {
        let s3 = try results("s3")
        #expect(s3["score"] as? Double == 5)
        let counter = try tests(s3).filter { ($0["name"] as? String)?.hasPrefix("Counter › ") == true }
        #expect(counter.count == 6)
        #expect(counter.allSatisfy { $0["status"] as? String == "failed" })
        #expect((counter.first?["output"] as? String)?.contains("cannot find 'cuont' in scope") == true)
        #expect((counter.first?["output"] as? String)?.contains("note: did you mean 'count'?") == true, "the error's note")
    }
}

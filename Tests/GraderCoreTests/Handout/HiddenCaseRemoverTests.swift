import Foundation
import Testing
@testable import GraderCore

/// A handout's `exercise.yml` is the instructor's with the hidden cases' lines cut out, and
/// every other line exactly as written.
struct HiddenCaseRemoverTests {
    let remover = HiddenCaseRemover(displayPath: "Exercises/00-x/01-y/exercise.yml")

    static let file = """
        format: 1
        title: Counter   # shown by grader list
        summary: A counter.
        cases:
          - name: starts at zero
            steps:
              - call: value
                expect: 0

          # Catches a count kept in memory: only a relaunch shows it.
          - name: the secret relaunch
            hidden: true
            steps:
              - call: increment
                args: {by: 1}
              # a comment inside the hidden case
              - relaunch
              - call: value
                expect: 424242

          # Written for the next case: it stays.
          - name: rejects a negative step
            steps:
              - call: increment
                args: {by: -1}
                expect_error: CounterError.negative
        equivalent_mutants:
          L9-secret-mutant: the reference's line 9 cannot matter
        hints: [Read the count.]

        """

    @Test func aHiddenCaseGoesWithTheCommentAboveItAndNothingElseChanges() throws {
        let result = try remover.removing(cases: [1], keys: [], from: Self.file)
        #expect(!result.contains("secret relaunch") && !result.contains("424242") && !result.contains("Catches a count"))
        #expect(!result.contains("inside the hidden case"))
        // Every line that stays is byte for byte the original's, in the original order.
        let expected = Self.file.components(separatedBy: "\n").enumerated()
            .filter { !(9...19).contains($0.offset) }.map(\.element).joined(separator: "\n")
        #expect(result == expected)
        #expect(result.contains("\n\n  # Written for the next case: it stays.\n  - name: rejects"), "one blank line between the cases that stay")
    }

    @Test func aTopLevelKeyGoesWhole() throws {
        let result = try remover.removing(cases: [], keys: ["equivalent_mutants"], from: Self.file)
        #expect(!result.contains("equivalent_mutants") && !result.contains("L9-secret-mutant"))
        #expect(result.contains("expect_error: CounterError.negative\nhints: [Read the count.]\n"))
    }

    @Test func theLastCaseOfTheFileAndAListAtTheKeysIndentation() throws {
        let text = """
            format: 1
            cases:
            - name: kept
              steps: [{call: a}]

            - name: last and hidden
              hidden: true
              steps:
              - call: b

            """
        let result = try remover.removing(cases: [1], keys: [], from: text)
        #expect(result == "format: 1\ncases:\n- name: kept\n  steps: [{call: a}]\n")
    }

    @Test func aDashAloneOnItsLine() throws {
        let text = "cases:\n  -\n    name: gone\n    steps: [{call: a}]\n  - name: kept\n    steps: [{call: b}]\n"
        #expect(try remover.removing(cases: [0], keys: [], from: text) == "cases:\n  - name: kept\n    steps: [{call: b}]\n")
    }

    @Test func aFlowListIsRefusedWithItsLine() throws {
        let text = "format: 1\ncases: [{name: a, hidden: true, steps: [{call: a}]}, {name: b, steps: [{call: b}]}]\n"
        #expect {
            try remover.removing(cases: [0], keys: [], from: text)
        } throws: { error in
            guard let problem = error as? CourseProblem else { return false }
            return problem.line == 2 && problem.field == "cases" && problem.file == "Exercises/00-x/01-y/exercise.yml"
                && problem.message.contains("block list")
        }
    }

    @Test func theResultLoadsWithTheVisibleCasesOnly() throws {
        let course = try TemporaryCourse.fixture()
        let path = "Exercises/00-fixtures/01-counter/exercise.yml"
        let original = try String(contentsOf: course.root.appendingPathComponent(path), encoding: .utf8)
        let loaded = CourseLoader().load(try CourseLoader().loadManifest(root: course.root), only: ["00-fixtures/01-counter"])
        let counter = try #require(loaded.course.exercises.first)
        let hidden = Set(counter.cases.filter(\.hidden).map(\.index))
        #expect(!hidden.isEmpty)
        try course.write(path, try remover.removing(cases: hidden, keys: [], from: original))
        let again = CourseLoader().load(try CourseLoader().loadManifest(root: course.root), only: ["00-fixtures/01-counter"])
        #expect(again.problems.isEmpty)
        #expect(again.course.exercises.first?.cases.map(\.name) == counter.cases.filter { !$0.hidden }.map(\.name))
    }
}

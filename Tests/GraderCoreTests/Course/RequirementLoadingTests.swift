import Foundation
import Testing
@testable import GraderCore

/// `requirements:` in `exercise.yml`: each quotes the statement and names cases and mutants the
/// exercise has; anything else is a problem at its line and field.
struct RequirementLoadingTests {
    static let counter = "Exercises/00-fixtures/01-counter"

    /// The fixture course with the counter's `requirements:` replaced by `yaml`.
    private func load(requirements yaml: String) throws -> CourseLoader.Loaded {
        let course = try TemporaryCourse.fixture()
        let file = course.root.appendingPathComponent("\(Self.counter)/exercise.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(text.range(of: "requirements:\n"))
        let end = try #require(text.range(of: "cases:\n"))
        try course.write("\(Self.counter)/exercise.yml", String(text[..<start.lowerBound]) + yaml + "\n" + String(text[end.lowerBound...]))
        return try CourseLoader().load(root: course.root)
    }

    @Test func theFixturesRequirementIsRead() throws {
        let loaded = try CourseLoader().load(root: Fixtures.course)
        let counter = try #require(loaded.course.exercises.first)
        #expect(loaded.problems.isEmpty)
        #expect(counter.requirements.map(\.number) == [1])
        #expect(counter.requirements.first?.cases == ["rejects a negative step"])
        #expect(counter.requirements.first?.mutants == ["accepts-negative"])
        #expect(counter.requirements.first?.location.line == 9)
    }

    @Test func aQuoteSpreadOverLinesWithMarkdownMarksIsFound() throws {
        // README.md: "A negative step throws `CounterError.negative` and leaves the count as it was."
        let loaded = try load(requirements: """
            requirements:
              - statement: "A negative step throws CounterError.negative and   leaves the count\\nas it was."
                cases: [rejects a negative step]
            """)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
    }

    @Test func wordsTheStatementDoesNotSayAreAProblemAtTheirLine() throws {
        let loaded = try load(requirements: """
            requirements:
              - statement: A negative step is ignored.
                cases: [rejects a negative step]
            """)
        let problem = try #require(loaded.problems.first)
        #expect(loaded.problems.count == 1)
        #expect(problem.file == "\(Self.counter)/exercise.yml")
        #expect(problem.line == 9)
        #expect(problem.field == "requirements[0].statement")
        #expect(problem.message.contains("README.md does not say \"A negative step is ignored.\""))
        #expect(!loaded.course.exercises.contains { $0.id == "00-fixtures/01-counter" }, "an exercise with a problem is left out")
    }

    @Test func casesAndMutantsTheExerciseDoesNotHaveAreProblems() throws {
        let loaded = try load(requirements: """
            requirements:
              - statement: Keep a counter
                cases: [starts at zero, start at one, exploration]
                mutants: [accepts-negative, forgets-to-save]
              - statement: Keep a counter
                cases: [starts at zero]
            """)
        let described = loaded.problems.map { "\($0.line ?? 0) \($0.field ?? ""): \($0.message)" }
        #expect(described == [
            "10 requirements[0].cases[1]: no case is named \"start at one\"",
            "10 requirements[0].cases[2]: no case is named \"exploration\" (the exploration is a case only when the exercise has `explore:`)",
            "11 requirements[0].mutants[1]: no mutant is named \"forgets-to-save\": name a file of Mutants/ without its extension",
            "12 requirements[1].statement: another requirement quotes the same words",
        ])
    }

    @Test func aRequirementWithoutAStatementIsRejectedAsAFileProblem() throws {
        let loaded = try load(requirements: """
            requirements:
              - cases: [starts at zero]
                mutant: [accepts-negative]
            """)
        let problem = try #require(loaded.problems.first)
        #expect(problem.field == "requirements[0].mutant")
        #expect(problem.message.contains("unknown field 'mutant'"))
    }

    @Test func aHandoutLeavesTheRequirementsOut() throws {
        let text = try String(contentsOf: Fixtures.course.appendingPathComponent("\(Self.counter)/exercise.yml"), encoding: .utf8)
        let visible = try HiddenCaseRemover(displayPath: "exercise.yml")
            .removing(cases: [], keys: HandoutContents.withheldKeys, from: text)
        #expect(text.contains("requirements:"))
        #expect(!visible.contains("requirements:"))
        #expect(!visible.contains("accepts-negative"), "a handout names no mutant")
        #expect(visible.contains("- name: rejects a negative step"))
    }
}

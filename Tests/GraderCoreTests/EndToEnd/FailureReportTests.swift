import Foundation
import Testing

/// How `grader check` shows a learner's failure in the terminal, through the real `grader`: the
/// compiler's notes under their error, a scalar difference said once, and a crash and a compile
/// error located the same way, at the learner's file as the course names it.
@Suite(.serialized) struct FailureReportTests {
    static let solution = "Exercises/00-fixtures/01-counter/Solution.swift"

    private func check(_ source: String) throws -> GraderProcess.Output {
        let course = try TemporaryCourse.fixture()
        try course.write(Self.solution, source)
        return try GraderProcess.run(["check", "counter"], in: course.root, environment: ["NO_COLOR": "1"])
    }

    @Test func aMissingParenthesisShowsTheNoteAtTheOpeningOne() throws {
        let broken = try Fixtures.submission("passes")
            .replacingOccurrences(of: "UserDefaults.standard.set(count, forKey: \"count\")", with: "UserDefaults.standard.set(count, forKey: \"count\"")
        let opening = try #require(broken.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("standard.set(count") }) + 1
        let output = try check(broken)
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let error = try #require(lines.firstIndex { $0.contains("\(Self.solution):") && $0.contains("error: expected ')'") },
                                 "\(output.stdout)")
        let note = try #require(lines.firstIndex { $0.contains("\(Self.solution):\(opening):") && $0.contains("note: ") },
                                "the note points at the line of the opening '(': \(output.stdout)")
        #expect(note > error, "the note is under its error")
        #expect(lines[note].hasPrefix("      "), "indented under the error: \(lines[note])")
        #expect(lines.dropFirst(note + 1).first?.contains("\(opening) | ") == true && lines[note + 1].contains("standard.set(count"),
                "the note quotes its line: \(output.stdout)")
        #expect(lines.dropFirst(note + 2).first?.hasSuffix("^") == true, "and puts a caret under the '(': \(output.stdout)")
    }

    @Test func aWarningInTheLearnersFileIsShownAfterTheErrors() throws {
        let source = try Fixtures.submission("passes")
            // A warning in another function than the error's: the compiler checks no further in a function with an error.
            .replacingOccurrences(of: "static func report() {", with: "static func report() {\n        var unused = 1")
            .replacingOccurrences(of: "return count", with: "return countt")
        let output = try check(source)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let error = try #require(lines.firstIndex { $0.contains("error: cannot find 'countt'") }, "\(output.stdout)")
        let warning = try #require(lines.firstIndex { $0.contains("\(Self.solution):") && $0.contains("warning: ") && $0.contains("unused") },
                                   "\(output.stdout)")
        #expect(warning > error)
    }

    @Test func aScalarDifferenceIsSaidOnce() throws {
        let output = try check(try Fixtures.submission("wrong-value"))
        #expect(output.status == 1)
        #expect(output.stdout.contains("expected 2, got 3"), "\(output.stdout)")
        #expect(!output.stdout.contains("expected: ") && !output.stdout.contains("actual: "), "said once: \(output.stdout)")
    }

    @Test func aCrashIsLocatedAsACompileErrorIs() throws {
        let crashed = try check(try Fixtures.submission("crash"))
        #expect(crashed.status == 1)
        #expect(crashed.stdout.contains("\(Self.solution):14: Fatal error: counter overflow"), "\(crashed.stdout)")
        #expect(!crashed.stdout.contains("App/Solution.swift"), "\(crashed.stdout)")
        let notCompiled = try check(try Fixtures.submission("compile-error"))
        #expect(notCompiled.stdout.contains("\(Self.solution):14:"), "the same file, the same way: \(notCompiled.stdout)")
    }
}

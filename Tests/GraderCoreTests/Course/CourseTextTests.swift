import Foundation
import Testing
@testable import GraderCore

/// Every problem in reading a course file names its line and column: bytes that are not UTF-8,
/// characters YAML refuses, keys written twice, a file too large.
struct CourseTextTests {
    private func problems(_ bytes: Data) throws -> [CourseProblem] {
        let temporary = try TemporaryCourse(files: ["grader.yml": CourseLoaderTests.manifest])
        let file = temporary.root.appendingPathComponent("Exercises/01-basics/01-one/exercise.yml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
        return try CourseLoader().load(root: temporary.root).problems.filter { $0.file.hasSuffix("exercise.yml") }
    }

    @Test func bytesThatAreNotUTF8NameTheirOffsetLineAndColumn() throws {
        // Before: "cannot read the file (The file isn't in the correct format.)", with no place.
        var bytes = Data("format: 1\ntitle: Café\nsummary: bad ".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(Data(" here\n".utf8))
        let problem = try #require(try problems(bytes).first)
        #expect(problem.line == 3)
        #expect(problem.column == 14)
        #expect(problem.message == "byte 36 (0xFF) is not UTF-8; save the file as UTF-8 text")
        // A sequence cut short counts too.
        let cut = try #require(try problems(Data("format: 1\ntitle: ".utf8) + Data([0xC3])).first)
        #expect(cut.line == 2 && cut.column == 8)
    }

    @Test func controlCharactersNameTheirLineAndColumn() throws {
        // Before: "invalid YAML: control characters are not allowed", with no place.
        let problem = try #require(try problems(Data("format: 1\ntitle: T\nsummary: a\u{7}b\n".utf8)).first)
        #expect(problem.line == 3)
        #expect(problem.column == 11)
        #expect(problem.message.contains("control characters are not allowed (U+0007)"))
        let nul = try #require(try problems(Data("format: 1\ntitle: \u{0}\n".utf8)).first)
        #expect(nul.line == 2 && nul.column == 8)
    }

    @Test func aKeyWrittenTwiceNamesItsPlace() throws {
        // Before: "invalid YAML: Parser: expected all keys to be unique…" with the whole file and no place.
        let problem = try #require(try problems(Data("format: 1\ntitle: T\nsummary: s\ncases:\n  - name: a\n    name: b\n".utf8)).first)
        #expect(problem.line == 5)
        #expect(problem.column == 5)
        #expect(problem.message == "invalid YAML: 'name' written twice in one mapping (first here); keep one")
    }

    @Test func aFileTooLargeIsRefusedWhereItGoesPastTheLimit() throws {
        let line = "# " + String(repeating: "x", count: 97) + "\n"
        let text = "format: 1\n" + String(repeating: line, count: (CourseText.sizeLimit / line.utf8.count) + 10)
        let problem = try #require(try problems(Data(text.utf8)).first)
        #expect(problem.line == 1 + (CourseText.sizeLimit - 10) / 100 + 1)
        #expect(problem.message.hasPrefix("the file goes on past 4 MiB here"))
    }

    @Test func lessonsAreReadWithTheSameChecks() throws {
        let temporary = try TemporaryCourse()
        let url = temporary.root.appendingPathComponent("01-lesson.md")
        try (Data("# Lesson\n\nText ".utf8) + Data([0xE9]) + Data(" more\n".utf8)).write(to: url)
        #expect {
            try LessonDocument(url: url, displayPath: "Lessons/01-lesson.md")
        } throws: { error in
            let problem = (error as? LessonProblems)?.problems.first
            return problem?.line == 3 && problem?.column == 6 && problem?.message.hasPrefix("byte 15 (0xE9) is not UTF-8") == true
        }
    }
}

import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The lesson engine, on fixture lessons written into a copy of the fixture course.
@Suite(.serialized)
struct LessonCheckerTests {
    static let passing: String = {
        (try? String(contentsOf: Fixtures.directory.appendingPathComponent("lessons/passing.md"), encoding: .utf8)) ?? ""
    }()

    /// The line number (1-based) of the first line containing `text`.
    private func line(of text: String, in lesson: String) -> Int {
        (lesson.components(separatedBy: "\n").firstIndex { $0.contains(text) } ?? -1) + 1
    }

    private func check(_ lesson: String, fix: Bool = false) throws -> (LessonResult, TemporaryCourse) {
        let course = try TemporaryCourse.fixture()
        try course.write("Lessons/00-fixtures.md", lesson)
        let workspace = try GradingHarness.workspace(course)
        let results = try workspace.lessonSuite(jobs: 2).check(workspace.course.lessons, fix: fix)
        return (try #require(results.first), course)
    }

    @Test func everyFeatureOfThePassingLessonChecks() throws {
        let (result, _) = try check(Self.passing)
        #expect(result.problems.isEmpty)
        #expect(result.failures.isEmpty, "\(result.failures.map(\.description))")
        // 6 shared checks, the isolated block and its check, and no_run, compile_fail, traps.
        #expect(result.checks == 11)
    }

    @Test func wrongPrintsNamesTheLineAndBothTexts() throws {
        let lesson = Self.passing.replacingOccurrences(of: "print(greeting)\n// Prints \"Hello, world\"",
                                                       with: "print(greeting)\n// Prints \"Hello there\"")
        let (result, _) = try check(lesson)
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1)
        #expect(failure.description == "Lessons/00-fixtures.md:\(line(of: "Hello there", in: lesson)): expected \"Hello there\", got \"Hello, world\"")
    }

    @Test func outputBlockIsCompared() throws {
        let lesson = Self.passing.replacingOccurrences(of: "line 3\n```", with: "line 4\n```")
        let (result, _) = try check(lesson)
        let failure = try #require(result.failures.first)
        #expect(failure.line == line(of: "```output", in: lesson))
        #expect(failure.expected == ["line 1", "line 2", "line 4"])
        #expect(failure.actual == ["line 1", "line 2", "line 3"])
    }

    @Test func compileErrorIsLocatedInTheMarkdown() throws {
        let lesson = Self.passing.replacingOccurrences(of: "greeting += \", world\"", with: "greeting += 1")
        let (result, _) = try check(lesson)
        let failure = try #require(result.failures.first)
        #expect(failure.file == "Lessons/00-fixtures.md")
        #expect(failure.line == line(of: "greeting += 1", in: lesson))
        #expect(failure.message.hasPrefix("error: "))
    }

    @Test func trapInTheSharedProgramIsLocated() throws {
        let lesson = Self.passing.replacingOccurrences(
            of: "UserDefaults.standard.set(greeting, forKey: \"greeting\")",
            with: "let forced = UserDefaults.standard.string(forKey: \"nothing\")!")
        let (result, _) = try check(lesson)
        let failure = try #require(result.failures.first)
        #expect(failure.line == line(of: "let forced", in: lesson))
        #expect(failure.message.contains("crashed"))
        #expect(failure.message.contains("Unexpectedly found nil"))
    }

    @Test func anErrorThrownAtTheTopLevelNamesTheLinesAroundItAndWhatWasPrinted() throws {
        let lesson = """
            # Throws

            ```swift
            print("one")
            // Prints "one"
            ```

            ```swift
            import Foundation
            print("two")
            let data = try Data(contentsOf: URL(fileURLWithPath: "/no/such/file"))
            print(data.count)
            // Prints "two"
            // Prints "0"
            ```
            """
        let (result, _) = try check(lesson)
        let failure = try #require(result.failures.first)
        #expect(failure.line == line(of: "// Prints \"two\"", in: lesson))
        #expect(failure.message.contains("Error raised at top level"))
        #expect(failure.message.contains("somewhere after line \(line(of: "// Prints \"one\"", in: lesson))"))
        #expect(failure.message.contains("| two"))
    }

    @Test func aLinkThatLeadsNowhereIsAProblem() throws {
        let lesson = """
            # Links

            - [Counter](../Exercises/00-fixtures/01-counter/README.md): exists.
            - [Gone](../Exercises/00-fixtures/09-gone/README.md): renamed long ago.
            - [Swift](https://swift.org) and [above](#links) are not files.
            """
        let (result, _) = try check(lesson)
        #expect(result.problems.map(\.description) == [
            "Lessons/00-fixtures.md:4: the link to ../Exercises/00-fixtures/09-gone/README.md leads nowhere",
        ])
        #expect(!result.passed)
    }

    @Test func anOutputBlockMayEndTheLesson() throws {
        let lesson = "# Last\n\n```swift\nprint(\"hi\")\n```\n\n```output\nhi\n```\n"
        let (result, _) = try check(lesson)
        #expect(result.failures.isEmpty, "\(result.failures.map(\.description))")
        #expect(result.checks == 1)
    }

    @Test func marksThatDoNotHoldFail() throws {
        let lesson = Self.passing
            .replacingOccurrences(of: "let crash: String = UserDefaults.standard.string(forKey: \"missing\")!",
                                  with: "let crash = UserDefaults.standard.string(forKey: \"missing\") ?? \"\"")
            .replacingOccurrences(of: "let missing: String = UserDefaults.standard.string(forKey: \"missing\")",
                                  with: "let missing: String? = UserDefaults.standard.string(forKey: \"missing\")")
        let (result, _) = try check(lesson)
        let messages = result.failures.map(\.message)
        #expect(messages.contains { $0.hasPrefix("this compile_fail block compiles") })
        #expect(messages.contains { $0.hasPrefix("this traps block was expected to crash") })
    }

    @Test func unknownMarksAndMissingArgumentsAreProblems() throws {
        let lesson = Self.passing
            .replacingOccurrences(of: "```swift isolated", with: "```swift isolatd")
            .replacingOccurrences(of: "```swift ignore(needs an iPhone)", with: "```swift ignore")
        let (result, _) = try check(lesson)
        let problems = result.problems.map(\.description)
        #expect(problems.contains { $0.hasPrefix("Lessons/00-fixtures.md:\(line(of: "isolatd", in: lesson)): unknown mark 'isolatd'") })
        #expect(problems.contains { $0.contains("ignore needs a reason") })
        #expect(!result.passed)
    }

    @Test func printsInsideBracesIsAProblem() throws {
        let lesson = Self.passing.replacingOccurrences(of: "    print(\"line \\(number)\")",
                                                       with: "    print(\"line \\(number)\")\n    // Prints \"line 1\"")
        let (result, _) = try check(lesson)
        #expect(result.problems.first?.message.contains("top level") == true)
    }

    @Test func fixRewritesStaleChecksAndNothingElse() throws {
        let stale = Self.passing
            .replacingOccurrences(of: "print(greeting)\n// Prints \"Hello\"\n", with: "print(greeting)\n// Prints \"Goodbye\"\n")
            .replacingOccurrences(of: "line 1\nline 2\nline 3\n", with: "line one\n")
        #expect(stale != Self.passing)
        let (result, course) = try check(stale, fix: true)
        #expect(result.fixed == 2)
        let rewritten = try String(contentsOf: course.root.appendingPathComponent("Lessons/00-fixtures.md"), encoding: .utf8)
        #expect(rewritten == Self.passing)
    }

    @Test func aLessonSavedWithCRLFIsCheckedAndFixedAsItIs() throws {
        // Before: "checked" with 0 checks.
        let windows = Self.passing.replacingOccurrences(of: "\n", with: "\r\n")
        let (result, _) = try check(windows)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.failures.isEmpty, "\(result.failures.map(\.description))")
        #expect(result.checks == 11)
        // --fix rewrites a stale check and keeps the file's line endings.
        let stale = windows.replacingOccurrences(of: "// Prints \"Hello, world\"", with: "// Prints \"Hello there\"")
        let (fixed, course) = try check(stale, fix: true)
        #expect(fixed.fixed == 2, "the fixture prints \"Hello, world\" twice")
        let rewritten = try String(contentsOf: course.root.appendingPathComponent("Lessons/00-fixtures.md"), encoding: .utf8)
        #expect(rewritten == windows)
    }

    @Test func fixNeverDeletesACheckWhenNothingWasPrinted() throws {
        let lesson = "# L\n\n```swift\nlet x = 1 + 1\n// Prints \"2\"\n```\n"
        let (result, course) = try check(lesson, fix: true)
        #expect(result.fixed == 0)
        #expect(try String(contentsOf: course.root.appendingPathComponent("Lessons/00-fixtures.md"), encoding: .utf8) == lesson)
    }

    @Test func aMarkAfterAQuotedArgumentIsKept() throws {
        #expect(try LessonDocument.parseMarks(#"compile_fail("cannot find") ignore(needs a device)"#)
                == [.compileFail("cannot find"), .ignore("needs a device")])
        #expect(try LessonDocument.parseMarks(#"compile_fail("a (b) c") isolated"#) == [.compileFail("a (b) c"), .isolated])
        #expect(try LessonDocument.parseMarks("ignore(needs a device) isolated") == [.ignore("needs a device"), .isolated])
        #expect(throws: LessonDocument.MarkError.self) { try LessonDocument.parseMarks("ignore(never closed") }
        #expect(throws: LessonDocument.MarkError.self) { try LessonDocument.parseMarks(#"no_run compile_fail("x")"#) }
    }

    @Test func hiddenLinesAreCompiledButNotShown() throws {
        let document = try LessonDocument(text: Self.passing, url: URL(fileURLWithPath: "/tmp/x.md"), displayPath: "x.md")
        let shown = TerminalMarkdown(style: TerminalStyle(colors: false)).render(lesson: document)
        #expect(!shown.contains("from hidden setup\")"))
        #expect(!shown.contains("snippet.hide"))
        #expect(shown.contains("// Prints \"from hidden setup\""))
        #expect(shown.contains("var greeting = \"Hello\""))
        // Blocks that fail on purpose say so above their code.
        #expect(shown.components(separatedBy: "This does not compile:").count == 2)
        #expect(shown.components(separatedBy: "This crashes when it runs:").count == 2)
    }
}

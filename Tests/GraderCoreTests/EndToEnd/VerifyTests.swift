import Foundation
import Testing
@testable import GraderCore

struct VerifyTests {
    @Test func fixtureCourseVerifiesClean() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let report = try workspace.verify(jobs: 2)
        for check in report.checks {
            #expect(check.passed, "\(check.exercise): \(check.check): \(check.details)")
        }
        // counter: reference, starter, one mutant; probe: reference, starter; documents:
        // reference, starter, and a non-atomic mutant that only a kill part-way catches (at a
        // change, so on every run); ledger:
        // reference, starter, and a mutant without a transaction that only a time limit catches;
        // and the counter's one requirement, which its mutant breaks.
        #expect(report.checks.count == 12)
        let slow = report.checks.first { $0.check == "mutant no-transaction compiles and fails a case" }
        #expect(slow?.details.first?.contains(#""a bulk import is quick""#) == true)
        let atomic = report.checks.first { $0.check == "mutant not-atomic compiles and fails a case" }
        #expect(atomic?.details.first?.contains(#""a save killed at each change leaves the old or the new file""#) == true)
        #expect(report.isClean)
    }

    /// Verify says when the lessons' blocks start to run (they come after every exercise), then
    /// gives a line per lesson.
    @Test func lessonsAreAnnouncedBeforeTheirResults() throws {
        let course = try TemporaryCourse.fixture()
        try course.write("Lessons/00-fixtures.md", try String(contentsOf: Fixtures.directory.appendingPathComponent("lessons/passing.md"), encoding: .utf8))
        let workspace = try GradingHarness.workspace(course)
        let events = EventLog()
        let report = try CourseVerifier(grader: workspace.grader(.verify(jobs: 2)), lessons: workspace.lessonSuite(jobs: 2))
            .verify([], lessons: workspace.lessons, problems: [], progress: { events.append($0) })
        #expect(report.lessons.count == 1 && report.lessons.allSatisfy(\.passed))
        #expect(events.names == ["checkingLessons(1)", "lesson(Lessons/00-fixtures.md)"])
    }

    @Test func mutantThatPassesAndBrokenYAMLAreBothReported() throws {
        let course = try TemporaryCourse.fixture()
        let counter = "Exercises/00-fixtures/01-counter"
        // A "mutant" identical to the reference is caught by nothing.
        try course.write("\(counter)/Mutants/not-a-bug.swift", try Fixtures.submission("passes"))
        try course.write("Exercises/00-fixtures/02-sandbox-probe/exercise.yml", "format: 1\ntitle: [oops\n")
        let workspace = try GradingHarness.workspace(course)
        let report = try workspace.verify(jobs: 2)
        #expect(!report.isClean)
        let failing = report.checks.filter { !$0.passed }
        #expect(failing.map(\.check) == ["mutant not-a-bug compiles and fails a case"])
        #expect(failing.first?.details.first?.contains("passes every case") == true)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.file == "Exercises/00-fixtures/02-sandbox-probe/exercise.yml")
        #expect(report.problems.first?.line == 3)
    }

    @Test func aStarterThatEarnsPointsFailsVerifyNamingTheCases() throws {
        let course = try TemporaryCourse.fixture()
        // A starter whose value() already answers 0 passes "starts at zero" for nothing.
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", """
            import Foundation
            enum CounterError: Error { case negative }
            enum Counter {
                static func value() -> Int { 0 }
                static func increment(by step: Int) throws -> Int { 0 }
                static func report() {}
            }
            """)
        // The counter alone: its checks are this test's subject (the whole fixture's are
        // `fixtureCourseVerifiesClean`'s).
        let workspace = try Workspace.open(root: course.root, executable: GradingHarness.executable,
                                           workDirectory: GradingHarness.workDirectory) { manifest in
            try .verification(["counter"], in: manifest, currentDirectory: course.root)
        }
        let report = try workspace.verify(jobs: 2)
        let failing = report.checks.filter { !$0.passed }
        #expect(failing.map(\.check) == ["starter compiles and scores 0 points"])
        #expect(failing.first?.exercise == "00-fixtures/01-counter")
        #expect(failing.first?.details.first?.contains("passes \"starts at zero\"") == true)
    }

    @Test func aStaleLessonFailsVerify() throws {
        let course = try TemporaryCourse.fixture()
        try course.write("Lessons/00-fixtures.md", "# L\n\n```swift\nprint(1 + 1)\n// Prints \"3\"\n```\n")
        let workspace = try GradingHarness.workspace(course)
        let report = try workspace.verify(jobs: 2)
        #expect(!report.isClean)
        #expect(report.lessons.first?.failures.first?.description == "Lessons/00-fixtures.md:5: expected \"3\", got \"2\"")
    }

    @Test func aPatchThatNoLongerAppliesIsACourseProblem() throws {
        let course = try TemporaryCourse.fixture()
        let reference = "Exercises/00-fixtures/01-counter/Reference/Solution.swift"
        let text = try String(contentsOf: course.root.appendingPathComponent(reference), encoding: .utf8)
        // The reference changes the very line the mutant's patch edits.
        try course.write(reference, text.replacingOccurrences(
            of: "guard step >= 0 else { throw CounterError.negative }",
            with: "if step < 0 { throw CounterError.negative }"))
        let workspace = try GradingHarness.workspace(course)
        let report = try workspace.verify(jobs: 2)
        let failing = report.checks.filter { !$0.passed }
        // The requirement the mutant stood for is no longer shown to be tested either.
        #expect(failing.map(\.check) == ["mutant accepts-negative compiles and fails a case",
                                         "requirement 1 is tested: \"A negative step throws `CounterError.negative`\""])
        #expect(failing.last?.details.last == "mutant accepts-negative was not graded (its own check says why), so it shows nothing")
        #expect(failing.first?.details.first?.hasPrefix(
            "Exercises/00-fixtures/01-counter/Mutants/accepts-negative.patch: does not apply to the reference") == true)
    }

    @Test func aPatchMutantIsBuiltFromTheReference() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let counter = try requireExercise("counter", in: workspace)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([counter], variant: .mutant("accepts-negative"))[0]
        #expect(result.status == .failed)
        #expect(result.cases.filter { $0.status == .failed }.map(\.name) == ["rejects a negative step"])
    }

    @Test func aMutantFolderReplacesTheBundlesFilesForThatMutantOnly() throws {
        let course = try TemporaryCourse.fixture()
        let probe = "Exercises/00-fixtures/02-sandbox-probe"
        // The reference's code with another greeting in the bundle: the case that reads it fails.
        try course.write("\(probe)/Mutants/other-greeting/Resources/greeting.txt", "hello from a mutant\n")
        // The same file as the exercise's: nothing changes, so every case passes.
        try course.write("\(probe)/Mutants/same-greeting/Resources/greeting.txt", "hello from the bundle\n")
        let workspace = try GradingHarness.workspace(course)
        let exercise = try requireExercise("sandbox-probe", in: workspace)
        #expect(exercise.mutants.map(\.name).sorted() == ["other-greeting", "same-greeting"])
        let grader = workspace.grader(GraderOptions(jobs: 2))
        let other = try grader.grade([exercise], variant: .mutant("other-greeting"))[0]
        #expect(other.status == .failed)
        #expect(other.cases.filter { $0.status == .failed }.map(\.name) == ["directories"])
        let same = try grader.grade([exercise], variant: .mutant("same-greeting"))[0]
        #expect(same.status == .passed)
        // The exercise's own build still has its own greeting.
        #expect(try grader.grade([exercise], variant: .reference)[0].status == .passed)
    }

    @Test func aMutantFolderWithoutResourcesOrWithStrayFilesIsACourseProblem() throws {
        let course = try TemporaryCourse.fixture()
        let counter = "Exercises/00-fixtures/01-counter"
        try course.write("\(counter)/Mutants/no-resources/no-resources.swift", try Fixtures.submission("passes"))
        try course.write("\(counter)/Mutants/stray/Resources/x.txt", "x")
        try course.write("\(counter)/Mutants/stray/notes.txt", "why")
        let workspace = try GradingHarness.workspace(course)
        let report = try workspace.verify(jobs: 2)
        let problems = report.problems.map { "\($0.file): \($0.message)" }.sorted()
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("\(counter)/Mutants/no-resources/: a mutant folder is for a mistake in resources") == true)
        #expect(problems.last?.hasPrefix("\(counter)/Mutants/stray/notes.txt: a mutant folder holds Resources/") == true)
    }
}

/// `grader verify` on requirements: each needs a case and a mutant, and one of its mutants must
/// fail one of its cases.
struct RequirementVerifyTests {
    @Test func aRequirementNoMutantBreaksOrWhoseMutantPassesItsCasesFailsVerify() throws {
        let course = try TemporaryCourse.fixture()
        let counter = "Exercises/00-fixtures/01-counter"
        let file = course.root.appendingPathComponent("\(counter)/exercise.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(text.range(of: "requirements:\n"))
        let end = try #require(text.range(of: "cases:\n"))
        try course.write("\(counter)/exercise.yml", String(text[..<start.lowerBound]) + """
            requirements:
              - statement: Keep a counter in UserDefaults.standard under the key count.
                cases: [survives a relaunch]
              - statement: A negative step throws CounterError.negative
                cases: [starts at zero, survives a relaunch]
                mutants: [accepts-negative]
              - statement: leaves the count as it was
                mutants: [accepts-negative]

            """ + String(text[end.lowerBound...]))
        let workspace = try GradingHarness.workspace(course)
        let report = try workspace.verify(jobs: 2)
        let requirements = report.checks.filter { $0.check.hasPrefix("requirement ") }
        #expect(requirements.map(\.check) == [
            "requirement 1 is tested: \"Keep a counter in UserDefaults.standard under the key count.\"",
            "requirement 2 is tested: \"A negative step throws CounterError.negative\"",
            "requirement 3 is tested: \"leaves the count as it was\"",
        ])
        #expect(requirements.allSatisfy { !$0.passed })
        #expect(requirements[0].details == [
            "\(counter)/exercise.yml:9:5: requirements[0]: no mutant breaks it: write one in Mutants/ that breaks this requirement and nothing else, and name it in `mutants`",
        ])
        #expect(requirements[1].details == [
            "\(counter)/exercise.yml:11:5: requirements[1]: no mutant of it fails one of its cases",
            "mutant accepts-negative passes the requirement's cases (it fails \"rejects a negative step\", which the requirement does not name): name a case of this requirement that catches it in `cases`, or list the mutant under the requirement it breaks",
        ])
        #expect(requirements[2].details.first?.hasPrefix("\(counter)/exercise.yml:14:5: requirements[2]: no case tests it") == true)
        #expect(!report.isClean)
        // The mutant itself is still caught: only the requirements' links are wrong.
        #expect(report.checks.first { $0.check == "mutant accepts-negative compiles and fails a case" }?.passed == true)
    }
}

extension RequirementVerifyTests {
    @Test func aMutantListedUnderARequirementWhoseCasesItPassesFailsVerifyBesideOneTheyCatch() throws {
        let course = try TemporaryCourse.fixture()
        let counter = "Exercises/00-fixtures/01-counter"
        let reference = try String(contentsOf: course.root.appendingPathComponent("\(counter)/Reference/Solution.swift"), encoding: .utf8)
        let wrong = reference.replacingOccurrences(of: "print(\"count is \\(value())\")", with: "print(\"count: \\(value())\")")
        #expect(wrong != reference)
        try course.write("\(counter)/Mutants/reports-wrongly.swift", "// Mutant: a report in other words\n" + wrong)
        let file = course.root.appendingPathComponent("\(counter)/exercise.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        try course.write("\(counter)/exercise.yml", text.replacingOccurrences(
            of: "    mutants: [accepts-negative]\n", with: "    mutants: [accepts-negative, reports-wrongly]\n"))
        let report = try GradingHarness.workspace(course).verify(jobs: 2)
        let requirement = try #require(report.checks.first { $0.check.hasPrefix("requirement 1 ") })
        #expect(!requirement.passed, "one of its mutants is caught by its cases, the other is not")
        #expect(requirement.details.first?.hasPrefix("\(counter)/exercise.yml:9:5: requirements[0]: mutant reports-wrongly passes the requirement's cases (it fails \"prints a report\", which the requirement does not name)") == true,
                "\(requirement.details)")
        #expect(requirement.details.contains("mutant accepts-negative fails \"rejects a negative step\""))
        #expect(report.checks.first { $0.check == "mutant reports-wrongly compiles and fails a case" }?.passed == true)
    }
}

/// A step the driver cannot run is the course's mistake, shown at its line in `exercise.yml`.
struct DriverFaultPlaceTests {
    @Test func aCallOfAnOperationTheDriverDoesNotHaveIsShownAtItsLine() throws {
        let course = try TemporaryCourse.fixture()
        let file = "Exercises/00-fixtures/01-counter/exercise.yml"
        let text = try String(contentsOf: course.root.appendingPathComponent(file), encoding: .utf8)
        try course.write(file, text.replacingOccurrences(of: "      - call: increment\n        args: {by: 2}",
                                                         with: "      - call: incremnt\n        args: {by: 2}"))
        let workspace = try Workspace.open(root: course.root, executable: GradingHarness.executable,
                                           workDirectory: GradingHarness.workDirectory) { manifest in
            try .exercises(["counter"], in: manifest, currentDirectory: course.root)
        }
        let report = try workspace.verify(jobs: 2)
        let reference = try #require(report.checks.first { $0.check == "reference passes every case" })
        #expect(!reference.passed)
        let detail = try #require(reference.details.first)
        #expect(detail.hasPrefix("\(file):19:9: cases[1].steps[0]: case \"increments\", step 1 (call incremnt {\"by\":2}): "), "\(detail)")
        #expect(detail.contains("unknown operation 'incremnt'"), "\(detail)")
    }
}

private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [VerifyProgress] = []

    func append(_ event: VerifyProgress) {
        lock.withLock { events.append(event) }
    }

    var names: [String] {
        lock.withLock {
            events.map { event in
                switch event {
                case .checkingLessons(let count): "checkingLessons(\(count))"
                case .lesson(let lesson): "lesson(\(lesson.lesson))"
                default: "\(event)"
                }
            }
        }
    }
}

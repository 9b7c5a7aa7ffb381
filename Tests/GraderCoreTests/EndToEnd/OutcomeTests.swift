import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// One test per outcome a learner's submission can have, each graded for real.
@Suite(.serialized)
struct OutcomeTests {
    @Test func correctSolutionPasses() throws {
        let result = try GradingHarness.gradeCounter("passes")
        #expect(result.status == .passed)
        #expect(result.casesPassed == 6)
        #expect(result.score == 10)
    }

    @Test func wrongValueNamesCaseStepAndDifference() throws {
        let result = try GradingHarness.gradeCounter("wrong-value")
        #expect(result.status == .failed)
        let (failed, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failed.name == "increments")
        #expect(failure.kind == .wrongValue)
        #expect(failure.stepIndex == 0)
        #expect(failure.step == .call(operation: "increment", arguments: .object(["by": .int(2)])))
        #expect(failure.message == "expected 2, got 3")
        #expect(failure.expected == "2")
        #expect(failure.actual == "3")
    }

    @Test func compileErrorPointsAtTheLearnersLine() throws {
        let result = try GradingHarness.gradeCounter("compile-error")
        #expect(result.status == .compileError)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.file == "Exercises/00-fixtures/01-counter/Solution.swift")
        #expect(error.line == 14)
        #expect(error.message.contains("stepp"))
        #expect(error.sourceLine?.contains("value() + stepp") == true)
    }

    @Test func crashIsAStepOutcomeAndOtherCasesStillRun() throws {
        let result = try GradingHarness.gradeCounter("crash")
        let (failed, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failed.name == "survives a relaunch")
        #expect(failure.kind == .crashed)
        #expect(failure.message.contains("Fatal error: counter overflow"))
        #expect(failure.stderr.contains("counter overflow"))
        #expect(result.casesPassed == 5)
    }

    @Test func infiniteLoopTimesOutWithoutCostingOtherCases() throws {
        let result = try GradingHarness.gradeCounter("infinite-loop")
        let (failed, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failed.name == "survives a relaunch")
        #expect(failure.kind == .timedOut)
        #expect(result.casesPassed == 5)
    }

    @Test func timeoutEndsEveryProcessTheAppStarted() throws {
        let result = try GradingHarness.gradeCounter("spawns-and-hangs")
        let (_, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failure.kind == .timedOut)
        #expect(try processes(matching: "sleep 7777").isEmpty)
    }

    @Test func earlyExitIsAStepOutcome() throws {
        let result = try GradingHarness.gradeCounter("exits-early")
        let (failed, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failed.name == "survives a relaunch")
        #expect(failure.kind == .exited)
        #expect(failure.message.hasPrefix("the app exited with status 3"))
    }

    @Test func fileSizeLimitStopsAHugeWrite() throws {
        let result = try GradingHarness.gradeCounter("huge-file")
        let (_, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failure.kind == .limitExceeded)
        #expect(failure.limit == .fileSize(bytes: 1 << 20))
        #expect(failure.message == "the app wrote a file larger than 1 MiB and was stopped")
        #expect(result.casesPassed == 5)
    }

    @Test func junkOnTheReplyPipeIsAMalformedReply() throws {
        let result = try GradingHarness.gradeCounter("malformed-reply")
        let (_, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failure.kind == .malformedReply)
        #expect(failure.message.contains("not a reply"))
        #expect(result.casesPassed == 5)
    }

    @Test func unknownOperationIsACourseProblemNotTheLearners() throws {
        let course = try TemporaryCourse.fixture()
        let yaml = course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/exercise.yml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
        try course.write("Exercises/00-fixtures/01-counter/exercise.yml",
                         text + "  - name: calls a missing operation\n    steps:\n      - call: nosuch\n")
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("passes"))
        let workspace = try GradingHarness.workspace(course)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([try requireExercise("counter", in: workspace)])[0]
        #expect(result.status == .courseError)
        let failure = try #require(result.cases.last?.failure)
        #expect(failure.kind == .driverFault)
        #expect(failure.message.contains("unknown operation 'nosuch'"))
        #expect(failure.message.contains("not your code"))
    }

    @Test func aForgedValueOnTheReplyDescriptorIsNotTakenAsTheAnswer() throws {
        // The forged line carries the right value and a well-guessed request number, but not
        // the launch's secret: the case fails as the learner's, and the real (wrong) reply is never needed.
        let result = try GradingHarness.gradeCounter("forged-value")
        let increments = try #require(result.cases.first { $0.name == "increments" })
        #expect(increments.status == .failed)
        #expect(increments.failure?.kind == .malformedReply)
        #expect(increments.failure?.message.contains("did not write") == true)
        #expect(increments.failure?.stepIndex == 0)
    }

    @Test func aForgedFaultIsTheLearnersNotTheCourses() throws {
        let result = try GradingHarness.gradeCounter("forged-fault")
        #expect(result.status == .failed)
        let (_, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failure.kind == .malformedReply)
        #expect(!failure.message.contains("not your code"))
    }

    @Test func aFaultOnlyTheLearnersCodeCausesIsTheLearners() throws {
        // The driver decodes the step's arguments into the learner's own type: a property named
        // differently from the statement's makes the driver fault in the learner's run only.
        let course = try TemporaryCourse.fixture()
        let folder = "Exercises/00-fixtures/01-counter"
        let driver = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Driver.swift"), encoding: .utf8)
        try course.write("\(folder)/Driver.swift", driver.replacingOccurrences(
            of: #"app.on("report") { Counter.report() }"#,
            with: #"app.on("report") { Counter.report() }"# + "\n        app.on(\"preset\") { (preset: Preset) in preset.total() }"))
        let reference = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Reference/Solution.swift"), encoding: .utf8)
        let preset = "\nstruct Preset: Decodable {\n    var NAME: Int\n    func total() -> Int { NAME }\n}\n"
        try course.write("\(folder)/Reference/Solution.swift", reference + preset.replacingOccurrences(of: "NAME", with: "count"))
        try course.write("\(folder)/Solution.swift", try Fixtures.submission("passes")
                         + preset.replacingOccurrences(of: "NAME", with: "amount"))
        let yaml = try String(contentsOf: course.root.appendingPathComponent("\(folder)/exercise.yml"), encoding: .utf8)
        try course.write("\(folder)/exercise.yml", yaml + "  - name: a preset\n    steps:\n      - call: preset\n        args: {count: 4}\n        expect: 4\n")
        let workspace = try GradingHarness.workspace(course)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([try requireExercise("counter", in: workspace)])[0]
        #expect(result.status == .failed)
        let failure = try #require(result.cases.first { $0.name == "a preset" }?.failure)
        #expect(failure.kind == .malformedReply)
        #expect(failure.message.contains("do not match Preset"))
        #expect(failure.message.contains("the reference runs this step"))
    }

    @Test func aTimeZoneBugIsCaughtAndTheZoneShown() throws {
        // The statement asks for the UTC date of an instant. A DateFormatter left in the
        // phone's zone gives it in UTC only on a machine set to UTC.
        let course = try TemporaryCourse.fixture()
        let folder = "Exercises/00-fixtures/01-counter"
        let driver = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Driver.swift"), encoding: .utf8)
        try course.write("\(folder)/Driver.swift", driver
            .replacingOccurrences(of: "struct Step: Decodable { var by: Int }",
                                  with: "struct Step: Decodable { var by: Int }\n    struct Instant: Decodable { var seconds: Double }")
            .replacingOccurrences(of: #"app.on("report") { Counter.report() }"#,
                                  with: #"app.on("report") { Counter.report() }"# + "\n        app.on(\"day\") { (at: Instant) in Counter.day(at.seconds) }"))
        let reference = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Reference/Solution.swift"), encoding: .utf8)
        try course.write("\(folder)/Reference/Solution.swift", reference + """

            extension Counter {
                static func day(_ seconds: Double) -> String {
                    let formatter = ISO8601DateFormatter()
                    formatter.formatOptions = [.withFullDate]
                    return formatter.string(from: Date(timeIntervalSince1970: seconds))
                }
            }
            """)
        try course.write("\(folder)/Solution.swift", try Fixtures.submission("passes") + """

            extension Counter {
                static func day(_ seconds: Double) -> String {
                    let formatter = DateFormatter()
                    formatter.dateFormat = "yyyy-MM-dd"
                    return formatter.string(from: Date(timeIntervalSince1970: seconds))
                }
            }
            """)
        let yaml = try String(contentsOf: course.root.appendingPathComponent("\(folder)/exercise.yml"), encoding: .utf8)
        try course.write("\(folder)/exercise.yml", yaml + """
              - name: the UTC day of an instant
                steps:
                  - call: day
                    args: {seconds: 0}
                  - call: day
                    args: {seconds: 86399}

            """)
        let workspace = try GradingHarness.workspace(course)
        let exercise = try requireExercise("counter", in: workspace)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([exercise])[0]
        let day = try #require(result.cases.first { $0.name == "the UTC day of an instant" })
        #expect(day.status == .failed)
        #expect(day.failure?.kind == .wrongValue)
        let environment = try #require(day.environment)
        #expect(PhoneEnvironment.timeZones.contains(environment.timeZone))
        #expect(environment == exercise.cases.first { $0.name == day.name }?.environment)
        let report = TerminalReport(style: TerminalStyle(colors: false)).render(RunReport(course: "fixture", exercises: [result]))
        #expect(report.contains("on a phone set to time zone \(environment.timeZone) (UTC"))
        // The reference, in the same zone, passes: only the learner's formatter depends on it.
        let referenceResult = try workspace.grader(GraderOptions(jobs: 2)).grade([exercise], variant: .reference)[0]
        #expect(referenceResult.status == .passed)
    }

    @Test func runawayOutputIsCapped() throws {
        let result = try GradingHarness.gradeCounter("runaway-output")
        let (_, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failure.kind == .outputLimit)
        #expect(failure.stdout.hasPrefix("still counting\n"))
        #expect(result.casesPassed == 5)
    }

    @Test func dataKeptOnlyInMemoryFailsAfterRelaunch() throws {
        let result = try GradingHarness.gradeCounter("memory-only")
        let (failed, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failed.name == "survives a relaunch")
        #expect(failure.stepIndex == 2)
        #expect(failure.message == "expected 5, got 0")
        #expect(failure.steps == [.call(operation: "increment", arguments: .object(["by": .int(5)])), .relaunch,
                                  .call(operation: "value", arguments: nil)])
        #expect(failure.steps.map(\.description) == [#"call increment {"by":5}"#, "relaunch", "call value"])
        // The hidden case compares with the reference after a relaunch and a kill.
        let hidden = try #require(result.cases.first { $0.hidden })
        #expect(hidden.status == .failed)
        #expect(hidden.failure?.message == "expected 2, got 1")
    }

    @Test func thrownErrorWhereAValueWasExpected() throws {
        let result = try GradingHarness.gradeCounter("throws")
        let (_, failure) = try #require(GradingHarness.firstFailure(result))
        #expect(failure.kind == .unexpectedError)
        #expect(failure.message.hasPrefix("the call threw CounterError.negative"))
        // `throws` also returns 0 instead of throwing for a negative step.
        let negative = try #require(result.cases.first { $0.name == "rejects a negative step" }?.failure)
        #expect(negative.kind == .missingError)
        #expect(negative.message == "expected the error CounterError.negative, but the call returned 0")
    }

    @Test func starterFailsAndPrintsNothingForTheReport() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([try requireExercise("counter", in: workspace)])[0]
        #expect(result.status == .failed)
        let report = try #require(result.cases.first { $0.name == "prints a report" }?.failure)
        #expect(report.kind == .wrongOutput)
        #expect(report.expected == "count is 0")
        #expect(report.actual == "")
    }

    private func processes(matching pattern: String) throws -> [String] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        ps.arguments = ["-f", pattern]
        let pipe = Pipe()
        ps.standardOutput = pipe
        try ps.run()
        ps.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }
}

import Foundation
import Testing
@testable import GraderCore

/// `grader watch`, the real binary, on a pseudo-terminal as in a learner's terminal window and on
/// pipes as a script drives it. The waits poll with generous deadlines: checks are slow on a
/// loaded machine, and nothing here depends on how fast they are.
@Suite(.serialized)
struct WatchTests {
    private let counter = "Exercises/00-fixtures/01-counter/Solution.swift"
    private let probe = "Exercises/00-fixtures/02-sandbox-probe/Probe.swift"
    private let keyHelp = "h hint · n next exercise · l list · q quit"

    /// A screen that shows a finished check of `id` that failed.
    private func failed(_ id: String) -> (String) -> Bool {
        { screen in screen.contains("✗ \(id)") && screen.contains(self.keyHelp) && !screen.contains("checking") }
    }

    private func lastStatus(_ id: String, in course: TemporaryCourse) -> ExerciseStatus? {
        (try? CourseProgress.load(root: course.root))?.exercises[id]?.status
    }

    @Test func onATerminalItChecksGivesHintsRechecksAnEditMovesOnAndQuits() throws {
        let course = try TemporaryCourse.fixture()
        let grader = try LiveGrader(["watch", "counter"], in: course.root, environment: ["TERM": "xterm", "NO_COLOR": ""],
                                    wiring: .terminal(columns: 120))
        // The first check, on a cleared screen, in colour, with the keys.
        var screen = try grader.wait(for: "the first check", failed("00-fixtures/01-counter"))
        #expect(screen.hasPrefix("watching \(counter) (inotify)"), "\(screen)")
        #expect(screen.contains("✗ case \""), "the first failing case: \(screen)")
        #expect(grader.output.contains("\u{1B}[H\u{1B}[2J"))
        #expect(grader.output.contains("\u{1B}[31m✗"), "colours on a terminal")
        #expect(!screen.contains("a kill loses what was not saved"), "the hidden case is not named")
        #expect(!screen.contains("stuck? grader hint"), "h is the hint here")
        var keys = grader.terminalSettings()
        #expect(keys.c_lflag & tcflag_t(ICANON) == 0 && keys.c_lflag & tcflag_t(ECHO) == 0, "single keys, not echoed")

        // h: the first hint, under the result.
        grader.send("h")
        screen = try grader.wait(forAll: ["Hint 1/2: Read the count with integer(forKey:).", "(press h again for the next one)"])
        #expect(screen.contains("✗ 00-fixtures/01-counter"))
        #expect(!screen.contains("Hint 2/2"))

        // l: the list; any other key: back.
        grader.send("l")
        screen = try grader.wait(forAll: ["Fixture course", "02-sandbox-probe", "(Enter: back to counter)"])
        #expect(screen.contains("✗ failed"), "the list has the last result: \(screen)")

        // A passing solution saved: checked again at once, then the next exercise not passed.
        try course.write(counter, try Fixtures.submission("passes"))
        // (On screen for a short pause only: looked for in every screen so far.)
        try grader.wait(forAll: ["✓ 00-fixtures/01-counter", "counter passes. Next: sandbox-probe"], everything: true)
        #expect(lastStatus("00-fixtures/01-counter", in: course) == .passed, "recorded as check records it")
        screen = try grader.wait(for: "the next exercise's check", failed("00-fixtures/02-sandbox-probe"))
        #expect(screen.hasPrefix("watching \(probe) (inotify)"), "\(screen)")

        // q: ends with status 0, the terminal as it was.
        grader.send("q")
        #expect(grader.exitStatus() == 0)
        keys = grader.terminalSettings()
        #expect(keys.c_lflag & tcflag_t(ICANON) != 0 && keys.c_lflag & tcflag_t(ECHO) != 0, "the terminal is restored")
    }

    @Test func aSignalEndsItWithTheTerminalRestored() throws {
        let course = try TemporaryCourse.fixture()
        let grader = try LiveGrader(["watch", "counter"], in: course.root, environment: ["TERM": "xterm", "NO_COLOR": "1"],
                                    wiring: .terminal(columns: 100))
        try grader.wait(for: "the first screen") { $0.contains(self.keyHelp) }
        #expect(grader.output.hasPrefix("\u{1B}[H\u{1B}[2Jwatching \(counter)"), "cleared, but no colours with NO_COLOR")
        #expect(grader.terminalSettings().c_lflag & tcflag_t(ICANON) == 0)
        grader.process.terminate()
        guard grader.exitStatus() != nil else {
            Issue.record("still running after SIGTERM")
            return
        }
        #expect(grader.process.terminationReason == .uncaughtSignal, "ended by the signal, as without the grader's handler")
        let keys = grader.terminalSettings()
        #expect(keys.c_lflag & tcflag_t(ICANON) != 0 && keys.c_lflag & tcflag_t(ECHO) != 0, "the terminal is restored")
    }

    @Test func ctrlZGivesTheTerminalBackUntilItContinues() throws {
        let course = try TemporaryCourse.fixture()
        let grader = try LiveGrader(["watch", "counter"], in: course.root, environment: ["TERM": "xterm"],
                                    wiring: .terminal(columns: 100))
        try grader.wait(for: "the first screen") { $0.contains(self.keyHelp) }
        let pid = grader.process.processIdentifier
        kill(pid, SIGTSTP)
        try grader.waitForState("stopped") { $0 == "T" }
        #expect(grader.terminalSettings().c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO), "restored while stopped")
        kill(pid, SIGCONT)
        try grader.waitForState("running again") { $0 != "T" }
        try grader.wait(for: "single keys again") { _ in grader.terminalSettings().c_lflag & tcflag_t(ICANON) == 0 }
        grader.send("q")
        #expect(grader.exitStatus() == 0)
    }

    @Test func onPipesItPollsWhenAskedAndTakesKeysAsLines() throws {
        let course = try TemporaryCourse.fixture()
        let grader = try LiveGrader(["watch", "counter"], in: course.root, environment: ["GRADER_WATCH_POLL": "1"], wiring: .pipes)
        try grader.wait(forAll: ["watching \(counter) (polling: GRADER_WATCH_POLL is set)", "✗ 00-fixtures/01-counter", keyHelp])
        grader.send("n\n")
        try grader.wait(forAll: ["watching \(probe) (polling: GRADER_WATCH_POLL is set)", "✗ 00-fixtures/02-sandbox-probe"])
        // Back to the counter (a lesson names its first exercise not passed), then an edit.
        grader.send("q\n")
        #expect(grader.exitStatus() == 0)
        #expect(!grader.output.contains("\u{1B}"), "no colours nor clearing on a pipe")

        let again = try LiveGrader(["watch", "0"], in: course.root, environment: ["GRADER_WATCH_POLL": "1"], wiring: .pipes)
        try again.wait(forAll: ["watching \(counter) (polling", "✗ 00-fixtures/01-counter", keyHelp])
        try course.write(counter, try Fixtures.submission("passes"))
        try again.wait(forAll: ["✓ 00-fixtures/01-counter", "counter passes"])
        #expect(again.output.components(separatedBy: "checking counter…").count == 3, "checked twice: \(again.output)")
        again.send("Q\n") // Caps Lock on: the same key
        #expect(again.exitStatus() == 0)
        #expect(lastStatus("00-fixtures/01-counter", in: course) == .passed)
    }

    @Test func withNoNameItStartsOnTheFirstExerciseNotPassedAndEndsWithItsInput() throws {
        let course = try TemporaryCourse.fixture()
        try course.write(counter, try Fixtures.submission("passes"))
        #expect(try GraderProcess.run(["check", "counter"], in: course.root).status == 0)
        // Standard input at its end at once: the first screen, then the end, status 0.
        let first = try LiveGrader(["watch"], in: course.root, wiring: .pipes)
        first.closeInput()
        #expect(first.exitStatus() == 0)
        try first.wait(forAll: ["watching \(probe) ("])
        #expect(first.output.hasPrefix("watching \(probe) ("), "\(first.output)")

        let inFolder = try LiveGrader(["watch"], in: course.root.appendingPathComponent("Exercises/00-fixtures/03-documents"),
                                      wiring: .pipes)
        inFolder.closeInput()
        #expect(inFolder.exitStatus() == 0)
        try inFolder.wait(forAll: ["watching Exercises/00-fixtures/03-documents/Solution.swift ("])

        let unknown = try GraderProcess.run(["watch", "nosuch"], in: course.root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no exercise matches 'nosuch'"))
    }
}

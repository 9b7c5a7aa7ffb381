import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// Runs the real `grader` executable, as a learner or CI does.
@Suite(.serialized)
struct CommandLineTests {
    typealias Output = GraderProcess.Output

    private func run(_ arguments: [String], in course: TemporaryCourse, environment: [String: String] = [:]) throws -> Output {
        try GraderProcess.run(arguments, in: course.root, environment: environment)
    }

    private func course(solving: Bool) throws -> TemporaryCourse {
        let course = try TemporaryCourse.fixture()
        if solving {
            try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("passes"))
        }
        return course
    }

    @Test func checkExitsOneOnFailureAndZeroOnSuccess() throws {
        let course = try course(solving: false)
        let failing = try run(["check", "counter"], in: course)
        #expect(failing.status == 1)
        #expect(failing.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(!failing.stdout.contains("\u{1B}["), "no colours when standard output is not a terminal")
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("passes"))
        let passing = try run(["check", "Exercises/00-fixtures/01-counter/Solution.swift"], in: course)
        #expect(passing.status == 0)
        #expect(passing.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func unchangedCasesReuseTheirVerdictUntilAnInputChanges() throws {
        let course = try course(solving: true)
        let first = try run(["check", "counter"], in: course)
        #expect(!first.stdout.contains("(cached)"))
        let second = try run(["check", "counter"], in: course)
        #expect(second.stdout.contains("6/6 cases (cached)"))
        let forced = try run(["check", "counter", "--no-cache"], in: course)
        #expect(forced.status == 0)
        #expect(forced.stdout.contains("6/6 cases") && !forced.stdout.contains("(cached)"))
        // An edit changes the binary, so nothing is reused and the new verdict is real.
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("memory-only"))
        let edited = try run(["check", "counter"], in: course)
        #expect(edited.status == 1)
        #expect(!edited.stdout.contains("(cached)"))
    }

    @Test func aTimeoutIsNeverReused() throws {
        let course = try course(solving: false)
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("infinite-loop"))
        _ = try run(["check", "counter"], in: course)
        let second = try run(["check", "counter", "--format", "json"], in: course)
        let report = try JSONValue(parsing: second.stdout)
        guard case .array(let exercises)? = report["exercises"], case .array(let cases)? = exercises.first?["cases"] else {
            Issue.record("no cases in the report")
            return
        }
        let reran = cases.filter { $0["cached"] == .bool(false) }.compactMap { $0["name"]?.stringValue }
        #expect(reran == ["survives a relaunch"])
        #expect(cases.count - reran.count == 5)
    }

    @Test func jsonReportGoesToTheOutputFile() throws {
        let course = try course(solving: false)
        let file = course.root.appendingPathComponent("report.json")
        let result = try run(["check", "counter", "--format", "json", "--output", file.path], in: course)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let report = try JSONValue(parsing: try Data(contentsOf: file))
        #expect(report["schema"] == .int(1))
        #expect(report["summary"]?["failed"] == .int(1))
        guard case .array(let exercises)? = report["exercises"] else { Issue.record("no exercises"); return }
        #expect(exercises.first?["status"] == .string("failed"))
        #expect(exercises.first?["cases_total"] == .int(6))
    }

    @Test func listShowsTheLastResults() throws {
        let course = try course(solving: true)
        let before = try run(["list"], in: course)
        #expect(before.status == 0)
        #expect(before.stdout.contains("01-counter               · not checked yet  Counter"))
        _ = try run(["check", "counter"], in: course)
        let after = try run(["list"], in: course, environment: ["NO_COLOR": "1"])
        #expect(after.stdout.contains("01-counter               ✓ passed 6/6  Counter"))
    }

    @Test func hintsAreRevealedOneAtATime() throws {
        let course = try course(solving: false)
        let first = try run(["hint", "counter"], in: course)
        #expect(first.stdout.contains("Hint 1/2: Read the count with integer(forKey:)."))
        #expect(!first.stdout.contains("Hint 2/2"))
        let second = try run(["hint", "counter"], in: course)
        #expect(second.stdout.contains("Hint 2/2: Write it back with set(_:forKey:)."))
        let show = try run(["show", "counter"], in: course)
        #expect(show.stdout.hasPrefix("Counter\n═══════\n"), "the statement, rendered: \(show.stdout)")
    }

    @Test func aLessonNumberAndTheCurrentFolderNameExercises() throws {
        let course = try course(solving: false)
        // `check 0` is lesson 00's four exercises, as `check 00-fixtures` and `check fixtures` are.
        for name in ["0", "00", "00-fixtures", "fixtures"] {
            let json = try run(["check", name, "--format", "json"], in: course)
            let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let ids = (report?["exercises"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            #expect(ids.count == 4 && ids.allSatisfy { $0.hasPrefix("00-fixtures/") }, "\(name): \(ids) \(json.stderr)")
        }
        // A command on one exercise: the folder it runs in, or a clear error for a lesson.
        let folder = course.root.appendingPathComponent("Exercises/00-fixtures/01-counter")
        let hint = try GraderProcess.run(["hint"], in: folder)
        #expect(hint.status == 0 && hint.stdout.contains("Hint 1/2: Read the count with integer(forKey:)."), "\(hint.stderr)")
        let show = try GraderProcess.run(["show"], in: folder)
        #expect(show.stdout.hasPrefix("Counter\n═══════\n"), "\(show.stderr)")
        let lesson = try run(["show", "0"], in: course)
        #expect(lesson.status == 2)
        #expect(lesson.stderr.contains("'0' names 4 exercises: counter, sandbox-probe, documents, ledger. Name one of them."), "\(lesson.stderr)")
        let outside = try run(["hint"], in: course)
        #expect(outside.status == 2 && outside.stderr.contains("is not inside an exercise's folder"), "\(outside.stderr)")
    }

    @Test func unknownExerciseAndMissingCourseAreClearErrors() throws {
        let course = try course(solving: false)
        let unknown = try run(["check", "countr"], in: course)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no exercise matches 'countr'"))
        let elsewhere = try TemporaryCourse()
        let missing = try run(["check"], in: elsewhere)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no grader.yml in"))
    }

    @Test func brokenExerciseFileIsNamedAndTheRunIsIncomplete() throws {
        let course = try course(solving: true)
        try course.write("Exercises/00-fixtures/02-sandbox-probe/exercise.yml",
                         "format: 1\ntitle: Probe\nsummary: s\ncases:\n  - name: c\n    steps:\n      - call: x\n        expcet: 1\n")
        let result = try run(["check"], in: course)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Exercises/00-fixtures/02-sandbox-probe/exercise.yml:8:9: cases[0].steps[0].expcet: unknown field 'expcet'"))
        #expect(result.stdout.contains("✓ 00-fixtures/01-counter"))
        // Named exercises that are fine are graded in full, and only their files are read: the
        // other exercise's problem is neither read nor shown.
        let named = try run(["check", "counter"], in: course)
        #expect(named.status == 0)
        #expect(!named.stderr.contains("expcet"))
        // Naming the broken one shows why it cannot be found.
        let broken = try run(["check", "sandbox-probe"], in: course)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("unknown field 'expcet'"))
    }

    @Test func verifyPassesOnTheFixtureCourse() throws {
        // The lesson named by the words of its id, as `grader lessons` names it: all its exercises.
        let result = try run(["verify", "fixtures"], in: try course(solving: false))
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("verify: 12 passed, 0 failed\n"))
    }

    @Test func verifyCanBeLimitedToOneExercise() throws {
        let result = try run(["verify", "counter"], in: try course(solving: false))
        #expect(result.status == 0)
        // The counter's reference, starter, one mutant and one requirement, and nothing else.
        #expect(result.stdout.hasSuffix("verify: 4 passed, 0 failed\n"))
        #expect(!result.stdout.contains("documents"))
        let unknown = try run(["verify", "no-such-thing"], in: try course(solving: false))
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no-such-thing"))
    }

    @Test func verifyOfASolvedStarterSaysToPutTheStarterBack() throws {
        // A learner who solved an exercise in a git clone of the course and runs `verify`.
        let course = try course(solving: false)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "course"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = arguments
            git.currentDirectoryURL = course.root
            try git.run()
            git.waitUntilExit()
            try #require(git.terminationStatus == 0, "git \(arguments)")
        }
        let untouched = try run(["verify", "counter"], in: course)
        #expect(untouched.status == 0, "\(untouched.stdout)")
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission("passes"))
        let solved = try run(["verify", "counter"], in: course)
        #expect(solved.status == 1)
        #expect(solved.stdout.contains("Exercises/00-fixtures/01-counter/Solution.swift is not the starter: it was changed since the course's last commit"), "\(solved.stdout)")
        #expect(!solved.stdout.contains("add a case"), "no advice to the course's author")
    }

    @Test func versionIsPrintedByBothExecutables() throws {
        let course = try course(solving: false)
        for arguments in [["--version"], ["batch", "--version"]] {
            let result = try run(arguments, in: course)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "grader \(GraderVersion.current) (report schema 1, revision \(RunReport(course: "", exercises: []).revision))\n",
                    "\(arguments): \(result.stdout)")
        }
    }

    @Test func lessonsCheckAndShow() throws {
        let course = try course(solving: false)
        let lesson = try String(contentsOf: Fixtures.directory.appendingPathComponent("lessons/passing.md"), encoding: .utf8)
        try course.write("Lessons/00-fixtures.md", lesson)
        let passing = try run(["lessons", "check", "0"], in: course)
        #expect(passing.status == 0)
        #expect(passing.stdout.hasSuffix("lessons: 1 passed, 0 failed\n"))
        try course.write("Lessons/00-fixtures.md", lesson.replacingOccurrences(of: "// Prints \"43\"", with: "// Prints \"44\""))
        let failing = try run(["lessons", "check"], in: course)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains(": expected \"44\", got \"43\""))
        let shown = try run(["lessons", "show", "fixtures"], in: course)
        #expect(shown.status == 0)
        #expect(shown.stdout.hasPrefix("A fixture lesson"))
        let unknown = try run(["lessons", "show", "99"], in: course)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no lesson matches '99'"))
    }
}

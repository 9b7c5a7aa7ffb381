import Foundation
import Testing
@testable import GraderCore

/// The learner's progress (`progress.json`) and the commands that read and change it, through
/// the real `grader` executable on a copy of the fixture course.
@Suite(.serialized)
struct ProgressTests {
    static let counter = "Exercises/00-fixtures/01-counter/Solution.swift"
    static let documents = "Exercises/00-fixtures/03-documents/Solution.swift"

    /// The backup folder `grader reset` printed for the counter.
    static func backup(in output: String) -> String? {
        guard let start = output.range(of: "your files are in .grader/backups/00-fixtures/01-counter/") else { return nil }
        let rest = output[start.upperBound...]
        let stamp = rest.prefix { $0.isNumber || $0 == "-" }
        guard !stamp.isEmpty, rest.dropFirst(stamp.count).hasPrefix("/") else { return nil }
        return ".grader/backups/00-fixtures/01-counter/" + stamp
    }

    private func run(_ arguments: [String], in course: TemporaryCourse) throws -> GraderProcess.Output {
        try GraderProcess.run(arguments, in: course.root, environment: ["NO_COLOR": "1"])
    }

    /// The fixture course with only the counter listed, so that `grader check` of the whole
    /// course grades one exercise.
    private func counterOnlyCourse() throws -> TemporaryCourse {
        let course = try TemporaryCourse.fixture()
        try course.write("grader.yml", """
            format: 1
            title: Fixture course
            defaults: {time_limit: 3s, output_limit: 64KiB, file_size: 1MiB, points: 10}
            lessons:
              - id: 00-fixtures
                title: Fixtures for the grader's own tests
                exercises: [01-counter]
            """)
        return course
    }

    @Test func progressIsRecordedInTheCourseAndSurvivesDeletingTheCaches() throws {
        let course = try TemporaryCourse.fixture()
        try course.write(Self.counter, try Fixtures.submission("passes"))
        let checked = try run(["check", "counter"], in: course)
        #expect(checked.status == 0, "\(checked.stderr)")
        let file = course.root.appendingPathComponent("progress.json")
        let recorded = try Data(contentsOf: file)
        let progress = try CourseProgress.load(root: course.root)
        let entry = try #require(progress.exercises["00-fixtures/01-counter"])
        #expect(entry.status == .passed && entry.casesPassed == 6 && entry.casesTotal == 6)
        #expect(entry.files == ["Solution.swift": SHA256.hex(of: try course.read(Self.counter))])
        #expect(entry.casesHash == SHA256.hex(of: try course.read("Exercises/00-fixtures/01-counter/exercise.yml")))
        #expect(entry.checkedAt != nil)
        let text = String(decoding: recorded, as: UTF8.self)
        #expect(text.contains("\"00-fixtures/01-counter\" : {"), "ids written without escaped slashes: \(text)")

        // A fresh clone has no .grader/: the progress is still there.
        try FileManager.default.removeItem(at: course.root.appendingPathComponent(".grader"))
        let list = try run(["list"], in: course)
        #expect(list.stdout.contains("01-counter               ✓ passed 6/6  Counter"), "\(list.stdout)")

        // Checking again with nothing changed leaves the file byte for byte as it was.
        let again = try run(["check", "counter"], in: course)
        #expect(again.status == 0)
        #expect(try Data(contentsOf: file) == recorded)
    }

    @Test func theOlderGradersFilesAreStillRead() throws {
        let course = try TemporaryCourse.fixture()
        try course.write(".grader/status.json", """
            {"00-fixtures/01-counter": {"status": "passed", "casesPassed": 6, "casesTotal": 6, "checkedAt": "2026-01-02T03:04:05Z"}}
            """)
        try course.write(".grader/hints.json", #"{"00-fixtures/01-counter": 1}"#)
        let list = try run(["list"], in: course)
        #expect(list.stdout.contains("01-counter               ✓ passed 6/6  Counter"), "\(list.stdout)")
        let hint = try run(["hint", "counter"], in: course)
        #expect(hint.stdout.contains("Hint 2/2"), "the hint revealed before counts: \(hint.stdout)")
        let progress = try CourseProgress.load(root: course.root)
        #expect(progress.hintsRevealed("00-fixtures/01-counter") == 2)
    }

    @Test func aDamagedProgressFileIsAClearError() throws {
        let course = try TemporaryCourse.fixture()
        try course.write("progress.json", "<<<<<<< HEAD\n{}\n")
        for command in [["list"], ["next"], ["hint", "counter"], ["check", "counter"]] {
            let result = try run(command, in: course)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("progress.json cannot be read"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("git checkout -- progress.json"))
        }
    }

    @Test func listCountsWhatIsDoneAndMarksEditedAndSkippedExercises() throws {
        let course = try TemporaryCourse.fixture()
        let before = try run(["list"], in: course)
        #expect(before.stdout.contains("0 of 4 done  ░░░░░░░░░░░░░░░░░░░░"), "\(before.stdout)")
        try course.write(Self.counter, try Fixtures.submission("passes"))
        _ = try run(["check", "counter"], in: course)
        let passed = try run(["list"], in: course)
        #expect(passed.stdout.contains("1 of 4 done  █████░░░░░░░░░░░░░░░"), "\(passed.stdout)")
        #expect(passed.stdout.contains("00-fixtures  Fixtures for the grader's own tests  ██░░░░░░░░ 1/4"), "\(passed.stdout)")
        #expect(passed.stdout.contains("01-counter               ✓ passed 6/6  Counter"))
        // In a pipe, without NO_COLOR: no colours either.
        let piped = try GraderProcess.run(["list"], in: course.root)
        #expect(piped.stdout.contains("1 of 4 done  █████░░░░░░░░░░░░░░░") && !piped.stdout.contains("\u{1B}["), "\(piped.stdout)")

        // An edit after the check: no longer counted as done, and marked.
        try course.write(Self.counter, try Fixtures.submission("passes") + "\n// tidied up\n")
        let edited = try run(["list"], in: course)
        #expect(edited.stdout.contains("0 of 4 done"), "\(edited.stdout)")
        #expect(edited.stdout.contains("01-counter               ✎ edited since its check (passed 6/6)  Counter"), "\(edited.stdout)")

        let skip = try run(["skip", "documents"], in: course)
        #expect(skip.status == 0, "\(skip.stderr)")
        let skipped = try run(["list"], in: course)
        #expect(skipped.stdout.contains("03-documents             » skipped  Documents"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("(1 skipped)"))

    }

    @Test func resetRestoresTheCommittedStarterAndKeepsTheLearnersFile() throws {
        let course = try TemporaryCourse.fixture()
        try course.commitToGit()
        let starter = try course.read(Self.counter)
        let untouched = try run(["reset", "counter"], in: course)
        #expect(untouched.status == 0)
        #expect(untouched.stdout.contains("nothing to reset"), "\(untouched.stdout)")

        let solution = try Fixtures.submission("passes")
        try course.write(Self.counter, solution)
        _ = try run(["check", "counter"], in: course)
        let reset = try run(["reset", "counter"], in: course)
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(try course.read(Self.counter) == starter, "the starter, byte for byte")
        let backup = try #require(Self.backup(in: reset.stdout), "\(reset.stdout)")
        #expect(try course.read("\(backup)/Solution.swift") == Data(solution.utf8))
        let list = try run(["list"], in: course)
        #expect(list.stdout.contains("01-counter               · not checked yet"), "the result is forgotten: \(list.stdout)")

        // --all: every exercise whose files are not the starters, each with its own backup.
        let documentsStarter = try course.read(Self.documents)
        try course.write(Self.counter, solution)
        try course.write(Self.documents, "// my work\n")
        let all = try run(["reset", "--all"], in: course)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("Reset 2 exercises."), "\(all.stdout)")
        #expect(try course.read(Self.counter) == starter && course.read(Self.documents) == documentsStarter)
        let backups = try FileManager.default.contentsOfDirectory(atPath: course.root.appendingPathComponent(".grader/backups/00-fixtures/01-counter").path)
        #expect(backups.count == 2, "\(backups)")
        let again = try run(["reset", "--all"], in: course)
        #expect(again.stdout.contains("Nothing to reset"))
    }

    @Test func resetWithoutAStarterIsAClearError() throws {
        // Not a git clone and not a handout: no starter to be had.
        let course = try TemporaryCourse.fixture()
        try course.write(Self.counter, try Fixtures.submission("passes"))
        let reset = try run(["reset", "counter"], in: course)
        #expect(reset.status == 2)
        #expect(reset.stderr.contains("git has none"), "\(reset.stderr)")
        #expect(try course.read(Self.counter) == Data(try Fixtures.submission("passes").utf8), "the learner's file is left alone")
        let both = try run(["reset", "counter", "--all"], in: course)
        #expect(both.status != 0 && both.stderr.contains("not both"))
    }

    @Test func nextAndSkipWalkTheCourseInOrder() throws {
        let course = try TemporaryCourse.fixture()
        let first = try run(["next"], in: course)
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("Next: 00-fixtures/01-counter  Counter  (0 of 4 done)"), "\(first.stdout)")
        #expect(first.stdout.contains("Keep a counter in UserDefaults.standard under the key count."),
                "the statement's first paragraph, rendered as grader show renders it: \(first.stdout)")
        #expect(first.stdout.contains("Edit:  Exercises/00-fixtures/01-counter/Solution.swift"))
        #expect(first.stdout.contains("Check: grader check counter"))

        // No name outside an exercise's folder: the next one is skipped.
        let skip = try run(["skip"], in: course)
        #expect(skip.status == 0, "\(skip.stderr)")
        #expect(skip.stdout.contains("Skipped 00-fixtures/01-counter."), "\(skip.stdout)")
        #expect(skip.stdout.contains("Next: 00-fixtures/02-sandbox-probe"))
        #expect(try run(["next"], in: course).stdout.hasPrefix("Next: 00-fixtures/02-sandbox-probe"))
        // No name inside an exercise's folder: that one.
        let inside = try GraderProcess.run(["skip"], in: course.root.appendingPathComponent("Exercises/00-fixtures/02-sandbox-probe"))
        #expect(inside.stdout.contains("Skipped 00-fixtures/02-sandbox-probe."), "\(inside.stdout) \(inside.stderr)")
        #expect(try run(["next"], in: course).stdout.hasPrefix("Next: 00-fixtures/03-documents"))

        // Passing a skipped exercise clears its skip.
        try course.write(Self.counter, try Fixtures.submission("passes"))
        _ = try run(["check", "counter"], in: course)
        #expect(try CourseProgress.load(root: course.root).isSkipped("00-fixtures/01-counter") == false)
        #expect(try CourseProgress.load(root: course.root).isSkipped("00-fixtures/02-sandbox-probe"))
        for name in ["documents", "ledger"] { _ = try run(["skip", name], in: course) }
        let none = try run(["next"], in: course)
        #expect(none.stdout.contains("1 of 4 done; the rest were skipped: sandbox-probe, documents, ledger."), "\(none.stdout)")
    }

    @Test func theSolutionIsShownOnlyAfterAPassWithTheCurrentFiles() throws {
        let course = try TemporaryCourse.fixture()
        let reference = try String(contentsOf: course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/Reference/Solution.swift"),
                                   encoding: .utf8)
        let before = try run(["solution", "counter"], in: course)
        #expect(before.status == 1)
        #expect(before.stdout.isEmpty)
        #expect(before.stderr.contains("Pass it first: grader check counter"), "\(before.stderr)")

        try course.write(Self.counter, try Fixtures.submission("passes"))
        let unchecked = try run(["solution", "counter"], in: course)
        #expect(unchecked.status == 1, "solved, but not checked: still refused")
        _ = try run(["check", "counter"], in: course)
        let after = try run(["solution", "counter"], in: course)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("// Exercises/00-fixtures/01-counter/Reference/Solution.swift"))
        #expect(after.stdout.contains(reference))

        try course.write(Self.counter, try Fixtures.submission("passes") + "\n// one more line\n")
        let edited = try run(["solution", "counter"], in: course)
        #expect(edited.status == 1)
        #expect(edited.stderr.contains("Your files changed since it passed"), "\(edited.stderr)")
        #expect(!edited.stdout.contains(reference))
    }

    @Test func anUntouchedCourseIsWelcomedInsteadOfGraded() throws {
        let course = try counterOnlyCourse()
        try course.write("Lessons/00-fixtures.md", "# Fixtures\n\nNothing to read.\n")
        try course.commitToGit()
        let welcome = try run(["check"], in: course)
        #expect(welcome.status == 1, "nothing passes yet")
        #expect(welcome.stdout.hasPrefix("Welcome to Fixture course: 1 exercise in 1 lesson."), "\(welcome.stdout)")
        #expect(welcome.stdout.contains("grader lessons show 0"))
        #expect(welcome.stdout.contains("Keep a counter in UserDefaults.standard under the key count."), "\(welcome.stdout)")
        #expect(welcome.stdout.contains("Edit:  Exercises/00-fixtures/01-counter/Solution.swift"))
        #expect(welcome.stdout.contains("Check: grader check counter"))
        #expect(!welcome.stdout.contains("✗"), "nothing graded: \(welcome.stdout)")
        #expect(!FileManager.default.fileExists(atPath: course.root.appendingPathComponent("progress.json").path))

        // The JSON report is always a report.
        let json = try run(["check", "--format", "json"], in: course)
        #expect(json.stdout.hasPrefix("{"), "\(json.stdout)")

        // Once the learner has started, `check` grades.
        let started = try counterOnlyCourse()
        try started.commitToGit()
        try started.write(Self.counter, try Fixtures.submission("passes"))
        let graded = try run(["check"], in: started)
        #expect(graded.status == 0, "\(graded.stdout) \(graded.stderr)")
        #expect(graded.stdout.hasSuffix("1 passed, 0 failed\n"), "\(graded.stdout)")
    }

    /// Runs `grader ARGUMENTS` with its standard output on a pseudo-terminal; returns what it wrote there.
    private func onTerminal(_ arguments: [String], in course: TemporaryCourse, environment: [String: String]) throws -> String {
        var master: Int32 = -1
        var slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0, "a pseudo-terminal")
        let process = Process()
        process.executableURL = GraderProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = course.root
        var variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if environment["NO_COLOR"] == nil { variables["NO_COLOR"] = nil }
        process.environment = variables
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        try process.run()
        close(slave)
        // Read until the terminal's last writer is gone (EIO), however long a loaded machine takes.
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        close(master)
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    @Test func listHasColoursOnATerminalAndNeverWithNoColor() throws {
        let course = try TemporaryCourse.fixture()
        try course.write(Self.counter, try Fixtures.submission("passes"))
        _ = try run(["check", "counter"], in: course)
        let coloured = try onTerminal(["list"], in: course, environment: ["TERM": "xterm"])
        #expect(coloured.contains("1 of 4 done  \u{1B}[32m█████\u{1B}[0m\u{1B}[2m░░░░░░░░░░░░░░░\u{1B}[0m"), "\(coloured)")
        #expect(coloured.contains("\u{1B}[32m✓\u{1B}[0m passed 6/6"))
        let plain = try onTerminal(["list"], in: course, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(plain.contains("1 of 4 done  █████░░░░░░░░░░░░░░░"), "\(plain)")
        #expect(!plain.contains("\u{1B}["))
    }
}

import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// The real `grader batch` names, in a student's feedback and report, the known bug (a
/// hand-written mutant of the course) whose failures are the student's, with its hint; and
/// only then.
@Suite(.serialized)
struct KnownBugsBatchTests {
    private static let counter = "Exercises/00-fixtures/01-counter"

    /// The fixture course, with the counter's mutants given hints and two more mutants: one that
    /// keeps the count in memory (a whole file; it fails a hidden case too) and one whose report
    /// prints nothing (a patch without a hint).
    private func course() throws -> TemporaryCourse {
        let course = try TemporaryCourse.fixture()
        let folder = course.root.appendingPathComponent(Self.counter)
        let patch = try String(contentsOf: folder.appendingPathComponent("Mutants/accepts-negative.patch"), encoding: .utf8)
        try course.write("\(Self.counter)/Mutants/accepts-negative.patch", patch.replacingOccurrences(
            of: "Mutant: accepts a negative step instead of throwing CounterError.negative\n",
            with: "Mutant: accepts a negative step instead of throwing CounterError.negative\nHint: What should a step below zero do?\n"))
        try course.write("\(Self.counter)/Mutants/student-keeps-count-in-memory.swift",
                         "// Mutant: keeps the count in memory, so a relaunch forgets it\n// Hint: Where does the count live once the app is relaunched?\n"
                         + (try Fixtures.submission("memory-only")))
        try course.write("\(Self.counter)/Mutants/silent-report.patch", [
            "Mutant: prints nothing in the report",
            "--- a/Solution.swift", "+++ b/Solution.swift", "@@ -17,6 +17,6 @@",
            "     }", " ", "     static func report() {", #"-        print("count is \(value())")"#, "+        _ = value()", "     }", " }", "",
        ].joined(separator: "\n"))
        return course
    }

    /// The counter's reference with `edits` (old → new) made, as a student's Solution.swift.
    private func reference(_ course: TemporaryCourse, _ edits: [(String, String)]) throws -> String {
        var code = try String(contentsOf: course.root.appendingPathComponent("\(Self.counter)/Reference/Solution.swift"), encoding: .utf8)
        for (old, new) in edits {
            #expect(code.contains(old), "the edit applies: \(old)")
            code = code.replacingOccurrences(of: old, with: new)
        }
        return code
    }

    private static let noGuard = ("        guard step >= 0 else { throw CounterError.negative }\n", "")
    private static let silent = (#"        print("count is \(value())")"#, "        _ = value() // nothing to say")

    private func report(_ folder: URL) throws -> BatchReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(BatchReport.self, from: Data(contentsOf: folder.appendingPathComponent("report.json")))
    }

    @Test func aStudentWhoMakesAKnownMistakeIsToldWhichAndGivenItsHint() throws {
        let course = try course()
        let fixture = try FixtureClass()
        // negative: the patch's bug, written another way. forgetful: the whole-file mutant's code
        // without its header. both: two mutants' bugs at once. good: passes.
        try fixture.folder("class/negative", ["01-counter/Solution.swift": try reference(course, [Self.noGuard])])
        try fixture.folder("class/forgetful", ["01-counter/Solution.swift": try Fixtures.submission("memory-only")])
        try fixture.folder("class/both", ["01-counter/Solution.swift": try reference(course, [Self.noGuard, Self.silent])])
        try fixture.folder("class/good", ["01-counter/Solution.swift": try Fixtures.submission("passes")])
        let students = ["both", "forgetful", "good", "negative"]
        let out = fixture.url("out")
        let run = try GraderProcess.run(["batch"] + students.map { fixture.url("class/\($0)").path } + ["--out", out.path, "--jobs", "2"],
                                        in: course.root)
        #expect(run.status == 0, "\(run.stderr)")
        // Only the counter is failed by a student's own code (the other exercises are starters):
        // only its three mutants are graded.
        #expect(run.stderr.contains("known bugs: grading 3 mutants of the 1 exercise students fail"), "\(run.stderr)")
        #expect(run.stderr.contains("known bugs: 2 students' failures match one"), "\(run.stderr)")
        // accepts-negative and the whole-file mutant may be like a student to their last case;
        // silent-report, unlike each student once a case it passes fails for one of them, stops.
        let counted = try #require(run.stderr.firstMatch(of: #/(\d+) of the mutants' (\d+) cases run/#), "\(run.stderr)")
        #expect(Int(counted.2) == 18 && Int(counted.1)! >= 12 && Int(counted.1)! < 18, "\(run.stderr)")

        let graded = try report(out)
        let byID = Dictionary(uniqueKeysWithValues: graded.students.map { ($0.report.id, $0.report) })
        #expect(byID["negative"]?.knownBugs == [KnownBugMatch(exercise: "00-fixtures/01-counter", mutants: [
            KnownBug(name: "accepts-negative", summary: "accepts a negative step instead of throwing CounterError.negative",
                     hint: "What should a step below zero do?")])])
        #expect(byID["forgetful"]?.knownBugs == [KnownBugMatch(exercise: "00-fixtures/01-counter", mutants: [
            KnownBug(name: "student-keeps-count-in-memory", summary: "keeps the count in memory, so a relaunch forgets it",
                     hint: "Where does the count live once the app is relaunched?")])])
        #expect(byID["both"]?.knownBugs == [], "two mistakes at once are neither")
        #expect(byID["good"]?.knownBugs == [], "a passing submission names nothing")
        #expect(byID["both"]?.exercises.first?.status == .failed && byID["good"]?.exercises.first?.status == .passed)
        #expect(try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)
            .contains(#""known_bugs" : ["#), "report.json's key is snake_case")

        let negative = try String(contentsOf: out.appendingPathComponent("feedback/negative.md"), encoding: .utf8)
        #expect(negative.contains("Your code behaves like a known mistake: *accepts a negative step instead of throwing CounterError.negative*.\n\nHint: What should a step below zero do?"), "\(negative)")
        // forgetful's mistake shows in a hidden case too: the feedback still only counts it.
        let forgetful = try String(contentsOf: out.appendingPathComponent("feedback/forgetful.md"), encoding: .utf8)
        #expect(forgetful.contains("Your code behaves like a known mistake: *keeps the count in memory, so a relaunch forgets it*."))
        #expect(forgetful.contains("0/1 hidden cases passed"))
        #expect(!forgetful.contains("a kill loses what was not saved"), "a hidden case is never named")
        let forgetfulPage = try String(contentsOf: out.appendingPathComponent("feedback/forgetful.html"), encoding: .utf8)
        #expect(forgetfulPage.contains("<em>keeps the count in memory, so a relaunch forgets it</em>"))
        #expect(!forgetfulPage.contains("a kill loses what was not saved"))
        for id in ["both", "good"] {
            let text = try String(contentsOf: out.appendingPathComponent("feedback/\(id).md"), encoding: .utf8)
            #expect(!text.contains("known mistake"), "\(id): \(text)")
        }
        let summary = try String(contentsOf: out.appendingPathComponent("summary.html"), encoding: .utf8)
        #expect(summary.contains("<td>accepts a negative step instead of throwing CounterError.negative <code>accepts-negative</code></td><td>1 of the 3 failing</td>"))

        // --no-known-bugs: no mutant is graded and nothing is named, for the journal's students too.
        let skipped = try GraderProcess.run(["batch"] + students.map { fixture.url("class/\($0)").path }
                                            + ["--out", out.path, "--jobs", "2", "--no-known-bugs"], in: course.root)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("grading 0 of 4 students (4 already graded in the journal)"))
        #expect(!skipped.stderr.contains("known bugs:"))
        #expect(try report(out).students.allSatisfy { $0.report.knownBugs == nil })
        #expect(!(try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)).contains("known_bugs"))
        #expect(!(try String(contentsOf: out.appendingPathComponent("feedback/negative.md"), encoding: .utf8)).contains("known mistake"))
        #expect(try String(contentsOf: out.appendingPathComponent("summary.html"), encoding: .utf8).contains("Known mistakes were not looked for"))
    }
}

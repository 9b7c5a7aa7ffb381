import Foundation
import Testing
@testable import GraderCore

/// Progress in a student handout: the starters `grader pack --student` keeps for `grader reset`,
/// the `.gitignore` that lets students commit `progress.json`, the welcome, and no solutions.
@Suite(.serialized)
struct HandoutProgressTests {
    static let counter = PackedFixture.counterFolder + "/Solution.swift"

    @Test func theHandoutKeepsEachStarterWithItsHash() throws {
        let packed = try PackedFixture.shared.get()
        #expect(packed.output.status == 0, "\(packed.output.stderr)")
        let starter = try Data(contentsOf: packed.course.root.appendingPathComponent(Self.counter))
        let kept = try Data(contentsOf: packed.handout.appendingPathComponent("Starters/00-fixtures/01-counter/Solution.swift"))
        #expect(kept == starter)
        let entry = try #require(try packed.manifest().entry("00-fixtures/01-counter"))
        #expect(entry.starterHashes == ["Solution.swift": SHA256.hex(of: starter)])
        let probe = try #require(try packed.manifest().entry("00-fixtures/02-sandbox-probe"))
        #expect(probe.starterHashes?.keys.sorted() == ["Probe.swift"])
    }

    @Test func resetRestoresTheStarterHandedOut() throws {
        let handout = try PackedFixture.shared.get().copy()
        let starter = try Data(contentsOf: handout.root.appendingPathComponent(Self.counter))
        let solution = try Fixtures.submission("passes")
        try handout.write(Self.counter, solution)
        let reset = try handout.run(["reset", "counter"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(try Data(contentsOf: handout.root.appendingPathComponent(Self.counter)) == starter)
        let backup = try #require(ProgressTests.backup(in: reset.stdout), "\(reset.stdout)")
        #expect(try String(contentsOf: handout.root.appendingPathComponent("\(backup)/Solution.swift"), encoding: .utf8) == solution)
        #expect(try handout.run(["reset", "counter"]).stdout.contains("nothing to reset"))

        // A starter copy that is not the one handed out is refused, and the learner's file left alone.
        try handout.write("Starters/00-fixtures/01-counter/Solution.swift", "// not the starter\n")
        try handout.write(Self.counter, solution)
        let damaged = try handout.run(["reset", "counter"])
        #expect(damaged.status == 2)
        #expect(damaged.stderr.contains("is missing or not the starter handed out"), "\(damaged.stderr)")
        #expect(try String(contentsOf: handout.root.appendingPathComponent(Self.counter), encoding: .utf8) == solution)
    }

    @Test func studentsCanCommitTheirProgress() throws {
        let packed = try PackedFixture.shared.get()
        #expect(packed.output.status == 0, "\(packed.output.stderr)")
        // The instructor's .gitignore keeps their progress out; the students' lets them commit theirs.
        let ignore = try String(contentsOf: packed.handout.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore == ".build*/\n.grader/\n/book/\n", "\(ignore)")
        #expect(!FileManager.default.fileExists(atPath: packed.handout.appendingPathComponent("progress.json").path))
    }

    @Test func anUntouchedHandoutIsWelcomedAndShowsNoSolution() throws {
        let handout = try PackedFixture.shared.get().copy()
        let welcome = try handout.run(["check"])
        #expect(welcome.status == 1)
        #expect(welcome.stdout.hasPrefix("Welcome to Fixture course"), "\(welcome.stdout)")
        #expect(welcome.stdout.contains("Check: grader check counter"))

        try handout.solveWithReference()
        _ = try handout.run(["check", "counter"])
        let solution = try handout.run(["solution", "counter"])
        #expect(solution.status == 1)
        #expect(solution.stderr.contains("This handout has no reference sources"), "\(solution.stderr)")
    }
}

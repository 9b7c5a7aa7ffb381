import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// Exploration finds what the written cases miss, shrinks it, and hands it back as a case.
@Suite(.serialized)
struct ExplorationTests {
    static let explore = """
        explore:
          seed: 3
          sequences: 30
          length: 6
          operations:
            value: {weight: 2}
            increment:
              args: {by: {type: int, min: 0, max: 5}}
            report:

        """

    /// The counter fixture with an exploration and `submission` as the learner's file.
    private func counter(_ submission: String, extraCases: String = "") throws -> (TemporaryCourse, Workspace, Exercise) {
        let course = try TemporaryCourse.fixture()
        let folder = "Exercises/00-fixtures/01-counter"
        let yaml = try String(contentsOf: course.root.appendingPathComponent("\(folder)/exercise.yml"), encoding: .utf8)
        try course.write("\(folder)/exercise.yml", yaml + extraCases + Self.explore)
        try course.write("\(folder)/Solution.swift", try Fixtures.submission(submission))
        let workspace = try GradingHarness.workspace(course)
        return (course, workspace, try requireExercise("counter", in: workspace))
    }

    @Test func aStaleCacheThatEveryWrittenCasePassesIsFoundShrunkAndReplayed() throws {
        let (course, workspace, exercise) = try counter("stale-cache")
        let result = try withExtendedLifetime(course) { try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0] }
        // Every written case passes; only the exploration fails.
        #expect(result.cases.filter { $0.status == .failed }.map(\.name) == ["exploration"])
        let exploration = try #require(result.cases.last)
        let failure = try #require(exploration.failure)
        #expect(failure.kind == .wrongValue)
        // Shrunk to three calls in one launch: a read that fills the cache, an increment, a stale read.
        let operations = failure.steps.map { action -> String in
            if case .call(let operation, _) = action { return operation }
            return action.description
        }
        #expect(operations.count == 3)
        #expect(["value", "report"].contains(operations.first))
        #expect(Array(operations.dropFirst()) == ["increment", "value"])
        let variation = try #require(exploration.variation)
        #expect(variation.seed == 3)
        #expect(variation.run.hasPrefix("sequence "))
        let yaml = try #require(variation.sequence)
        #expect(yaml.contains("- call: increment"))
        #expect(!yaml.contains("relaunch") && !yaml.contains("kill"))

        // Replayed from the command line's option: the same sequence fails the same way.
        let number = try #require(Int(variation.run.split(separator: " ")[1]))
        let replayed = try workspace.grader(.check(jobs: 2, noCache: true, sequence: number)).grade([exercise])[0]
        #expect(replayed.cases.last?.failure?.steps == failure.steps)

        // Pasted into exercise.yml, the case it printed catches the bug on its own, and the
        // reference passes it.
        let pasted = "  " + yaml.replacingOccurrences(of: "\n", with: "\n  ") + "\n"
        let (again, pastedWorkspace, pastedExercise) = try counter("stale-cache", extraCases: pasted)
        try withExtendedLifetime(again) {
            let graded = try pastedWorkspace.grader(.check(jobs: 2, noCache: true)).grade([pastedExercise])[0]
            let written = try #require(graded.cases.first { $0.name.hasPrefix("found by exploration") })
            #expect(written.status == .failed)
            let reference = try pastedWorkspace.grader(.check(jobs: 2, noCache: true)).grade([pastedExercise], variant: .reference)[0]
            #expect(reference.status == .passed)
        }
    }

    @Test func checkVerifyAndBatchExploreTheSameSequences() throws {
        // The first six sequences are the ordered pairs of the three operations, each in one
        // launch, which a counter kept in memory passes; later ones relaunch and catch it. With
        // a budget of six, nothing catches it, whoever grades; with forty, everyone does, at the
        // same sequence. (`verify` and `batch` used to try four times `check`'s budget: a
        // student could see a pass that the instructor's grading took away.)
        for (budget, caught) in [(6, false), (40, true)] {
            let course = try TemporaryCourse.fixture()
            let folder = "Exercises/00-fixtures/01-counter"
            let yaml = try String(contentsOf: course.root.appendingPathComponent("\(folder)/exercise.yml"), encoding: .utf8)
            try course.write("\(folder)/exercise.yml", yaml + Self.explore.replacingOccurrences(of: "sequences: 30", with: "sequences: \(budget)"))
            try course.write("\(folder)/Solution.swift", try Fixtures.submission("memory-only"))
            let workspace = try GradingHarness.workspace(course)
            let exercise = try requireExercise("counter", in: workspace)
            // The batch first, so that it reuses no verdict of the others.
            let verdicts = try [GraderOptions.batch(jobs: 2), .verify(jobs: 2), .check(jobs: 2, noCache: true)].map { options in
                let exploration = try #require(try workspace.grader(options).grade([exercise])[0].cases.last)
                #expect(exploration.name == "exploration")
                return "\(exploration.status) \(exploration.variation?.run.split(separator: " ").prefix(2).joined(separator: " ") ?? "")"
            }
            #expect(Set(verdicts).count == 1, "budget \(budget): \(verdicts)")
            #expect(verdicts[0].hasPrefix(caught ? "failed sequence " : "passed"), "budget \(budget): \(verdicts)")
        }
    }

    @Test func anotherSeedExploresOtherSequencesAndIsNotRecordedAsProgress() throws {
        let (course, workspace, exercise) = try counter("stale-cache")
        let own = try withExtendedLifetime(course) { try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0] }
        let other = try workspace.grader(.check(jobs: 2, seed: 99)).grade([exercise])[0]
        #expect(own.cases.last?.variation?.seed == 3, "the course's seed")
        #expect(other.cases.last?.variation?.seed == 99, "the seed asked for, reported with the failure")
        #expect(other.cases.last?.cached == false, "the course seed's verdict is not reused for another seed")
        #expect(GraderOptions.check(seed: 99).givesTheCoursesVerdict == false)
        #expect(GraderOptions.check(sequence: 2).givesTheCoursesVerdict == false)
        #expect(GraderOptions.check().givesTheCoursesVerdict)

        // From the command line: the result is shown and not recorded.
        let run = try GraderProcess.run(["check", "counter", "--seed", "99"], in: course.root, environment: ["NO_COLOR": "1"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("(seed 99)"), "\(run.stdout)")
        #expect(run.stderr.contains("graded with exploration seed 99, so the result is not recorded in progress.json"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: course.root.appendingPathComponent("progress.json").path))
    }

    @Test func aCorrectSolutionPassesEverySequence() throws {
        let (course, workspace, exercise) = try counter("passes")
        let result = try withExtendedLifetime(course) { try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0] }
        #expect(result.status == .passed)
        #expect(result.cases.last?.name == "exploration")
    }

    @Test func sequencesRepeatCallsAndRelaunchAndAreTheSameEveryTime() throws {
        let (course, workspace, exercise) = try counter("passes")
        let spec = try #require(withExtendedLifetime((course, workspace)) { exercise.cases.last?.exploration })
        let all = (0..<200).map { SequenceGenerator.steps(spec, index: $0) }
        #expect(all == (0..<200).map { SequenceGenerator.steps(spec, index: $0) })
        #expect(Set(all).count > 150)
        #expect(all.allSatisfy { $0.filter(\.isCall).count <= spec.length && $0.first?.isCall == true })
        #expect(all.contains { $0.contains(.relaunch) })
        #expect(all.contains { $0.contains(.kill) })
        // First, every ordered pair of operations as A → B → A in one launch.
        let pairs = spec.operations.count * (spec.operations.count - 1)
        let shapes = all.prefix(pairs).map { steps -> [String] in
            let calls = steps.compactMap { step -> Call? in if case .call(let call) = step { return call } else { return nil } }
            for start in calls.indices.dropLast(2) where calls[start] == calls[start + 2] && calls[start].operation != calls[start + 1].operation {
                return [calls[start].operation, calls[start + 1].operation]
            }
            return []
        }
        #expect(Set(shapes).count == pairs && !shapes.contains([]))
        #expect(all.prefix(pairs).allSatisfy { !$0.contains(.relaunch) && !$0.contains(.kill) })
        // The same call twice in a row, within one launch.
        #expect(all.contains { steps in zip(steps, steps.dropFirst()).contains { $0 == $1 && $0.isCall } })
    }
}

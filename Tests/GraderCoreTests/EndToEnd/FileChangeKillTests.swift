import Foundation
import Testing
@testable import GraderCore

/// `kill_at: changes`: the app is killed just before each change its call makes to files, so a
/// torn state between two operations is found every time, with a file of any size.
@Suite(.serialized)
struct FileChangeKillTests {
    /// The documents fixture with one more crash case that kills a small save at each change.
    private func documents(saveBig: String?) throws -> (TemporaryCourse, Workspace, Exercise) {
        let folder = "Exercises/00-fixtures/03-documents"
        let course = try TemporaryCourse.fixture()
        let yaml = try String(contentsOf: course.root.appendingPathComponent("\(folder)/exercise.yml"), encoding: .utf8)
        try course.write("\(folder)/exercise.yml", yaml + """
              - name: a save killed at each change leaves the old or the new file
                kill_at: changes
                steps:
                  - call: saveBig
                    args: {size: 64, fill: a}
                  - relaunch
                  - kill_during: saveBig
                    args: {size: 64, fill: b}
                  - call: loadBig
                    expect_one_of: [{state: "64 × a"}, {state: "64 × b"}]

            """)
        var code = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Reference/Solution.swift"), encoding: .utf8)
        if let saveBig { code = code.replacingOccurrences(of: "try data.write(to: bigURL, options: .atomic)", with: saveBig) }
        try course.write("\(folder)/Solution.swift", code)
        let workspace = try GradingHarness.workspace(course)
        return (course, workspace, try requireExercise("documents", in: workspace))
    }

    private func caseResult(_ saveBig: String?) throws -> CaseResult {
        let (course, workspace, exercise) = try documents(saveBig: saveBig)
        return try withExtendedLifetime(course) {
            let result = try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0]
            return try #require(result.cases.first { $0.name.hasPrefix("a save killed at each change") })
        }
    }

    @Test func anAtomicSavePassesEveryKillPoint() throws {
        let result = try caseResult(nil)
        #expect(result.status == .passed, "\(String(describing: result.failure))")
    }

    @Test func aSaveInPlaceIsCaughtEveryTimeBetweenItsTwoChanges() throws {
        // Truncating the file, then writing it: killed between the two, the file is empty.
        let result = try caseResult("try data.write(to: bigURL)")
        #expect(result.status == .failed)
        #expect(result.failure?.message.hasPrefix("the result is none of the 2 values allowed here") == true)
        #expect(result.variation?.detail?.hasPrefix("killed just before change 2 of the 2 that saveBig makes") == true)
    }

    @Test func removingThenWritingIsCaughtInTheGap() throws {
        // The remove-then-write mistake: between the two, there is no file at all.
        let result = try caseResult("try? FileManager.default.removeItem(at: bigURL); try data.write(to: bigURL)")
        #expect(result.status == .failed)
        #expect(result.failure?.actual?.contains("missing") == true)
    }

    @Test func killPointsCoverEveryChangeUpToTheCap() {
        #expect(CrashCaseRunner.killPoints(changes: 3, cap: 20) == [1, 2, 3, 4])
        #expect(CrashCaseRunner.killPoints(changes: 0, cap: 20) == [1])
        let capped = CrashCaseRunner.killPoints(changes: 99, cap: 10)
        #expect(capped.count == 10 && capped.first == 1 && capped.last == 100)
    }
}

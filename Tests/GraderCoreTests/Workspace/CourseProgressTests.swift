import Foundation
import Testing
@testable import GraderCore

/// `CourseProgress` on its own: what a record keeps, what it changes, and the bytes it writes.
struct CourseProgressTests {
    static let id = "00-fixtures/01-counter"
    static let files = ["Solution.swift": String(repeating: "a", count: 64)]

    private func result(_ status: ExerciseStatus, passed: Int) -> ExerciseResult {
        ExerciseResult(id: Self.id, title: "Counter", status: status, points: 10, score: 0, casesPassed: passed, casesTotal: 6,
                       diagnostics: [], cases: [], problems: [], duration: 1, casesHash: "c")
    }

    @Test func aResultSaidAgainKeepsItsDateAndTheFileItsBytes() throws {
        let folder = try TemporaryCourse()
        var progress = CourseProgress()
        progress.record([result(.failed, passed: 2)], files: [Self.id: Self.files], at: Date(timeIntervalSince1970: 1_000_000))
        try progress.save(root: folder.root)
        let written = try folder.read("progress.json")
        let modified = try FileManager.default.attributesOfItem(atPath: folder.root.appendingPathComponent("progress.json").path)[.modificationDate] as? Date

        progress.record([result(.failed, passed: 2)], files: [Self.id: Self.files], at: Date(timeIntervalSince1970: 2_000_000))
        #expect(progress.exercises[Self.id]?.checkedAt == "1970-01-12T13:46:40Z")
        try progress.save(root: folder.root)
        #expect(try folder.read("progress.json") == written)
        let after = try FileManager.default.attributesOfItem(atPath: folder.root.appendingPathComponent("progress.json").path)[.modificationDate] as? Date
        #expect(after == modified, "an unchanged file is not written again")
        #expect(try CourseProgress.load(root: folder.root) == progress)

        progress.record([result(.passed, passed: 6)], files: [Self.id: Self.files], at: Date(timeIntervalSince1970: 2_000_000))
        #expect(progress.exercises[Self.id]?.checkedAt == "1970-01-24T03:33:20Z", "a new result has a new date")
    }

    @Test func aPassClearsTheSkipAndAResetKeepsTheHints() {
        var progress = CourseProgress()
        progress.skip(Self.id)
        #expect(progress.isSkipped(Self.id) && progress.hasStarted)
        #expect(progress.revealHint(Self.id, available: 2) == 1)
        progress.record([result(.failed, passed: 2)], files: [Self.id: Self.files])
        #expect(progress.isSkipped(Self.id), "a failure leaves the skip")
        progress.record([result(.passed, passed: 6)], files: [Self.id: Self.files])
        #expect(!progress.isSkipped(Self.id))
        #expect(progress.isPassed(Self.id, currentFiles: Self.files))
        #expect(!progress.isPassed(Self.id, currentFiles: ["Solution.swift": "b"]), "edited since")
        #expect(progress.state(of: Self.id, currentFiles: ["Solution.swift": "b"]).edited)
        progress.forgetResult(Self.id)
        #expect(progress.state(of: Self.id, currentFiles: Self.files).last == nil)
        #expect(progress.hintsRevealed(Self.id) == 1)
        #expect(!progress.hasStarted)
    }

    @Test func theFileIsSortedAndLeavesEmptyFieldsOut() throws {
        var progress = CourseProgress()
        #expect(progress.revealHint("02-b/01-x", available: 3) == 1)
        progress.skip("01-a/01-y")
        let text = String(decoding: try progress.encoded(), as: UTF8.self)
        #expect(text == """
            {
              "exercises" : {
                "01-a/01-y" : {
                  "skipped" : true
                },
                "02-b/01-x" : {
                  "hints" : 1
                }
              },
              "format" : 1
            }

            """)
    }
}

import Foundation
import Testing
@testable import GraderCore

/// Which exercise `grader watch` starts on and moves on to, on the fixture course's manifest
/// (counter, sandbox-probe, documents, ledger).
struct ExerciseOrderTests {
    private let manifest: CourseManifest
    private let lesson = "00-fixtures/"

    init() throws {
        manifest = try CourseLoader().loadManifest(root: Fixtures.course)
    }

    private func order(passed: [String]) -> ExerciseOrder {
        ExerciseOrder(exercises: manifest.exercises, done: Set(passed.map { lesson + $0 }))
    }

    /// A progress file recording `entries` (status and whether graded with the files as they are
    /// now), and `skipped`.
    private func progress(_ entries: [String: (ExerciseStatus, current: Bool)], skipped: [String] = []) throws -> (CourseProgress, [Exercise]) {
        let loaded = CourseLoader().load(manifest).course.exercises
        var progress = CourseProgress()
        for (slug, entry) in entries {
            let exercise = try #require(loaded.first { $0.id == lesson + slug })
            var recorded = CourseProgress.Entry()
            recorded.status = entry.0
            recorded.files = entry.current ? CourseProgress.fileHashes(of: exercise) : ["Solution.swift": "an earlier version"]
            progress.exercises[exercise.id] = recorded
        }
        for slug in skipped { progress.skip(lesson + slug) }
        return (progress, loaded)
    }

    @Test func onlyAPassWithTheFilesAsTheyAreNowCountsAsDone() throws {
        let (progress, loaded) = try progress(["01-counter": (.passed, current: true), "02-sandbox-probe": (.failed, current: true),
                                               "03-documents": (.compileError, current: true), "04-ledger": (.passed, current: false)])
        let order = ExerciseOrder(manifest: manifest, loaded: loaded, progress: progress)
        #expect(order.done == [lesson + "01-counter"], "ledger passed, but its file was edited since")
        #expect(order.firstNotDone()?.slug == "02-sandbox-probe")
    }

    @Test func skippedExercisesComeAfterEveryOtherOneNotDone() throws {
        let (progress, loaded) = try progress(["01-counter": (.passed, current: true)], skipped: ["02-sandbox-probe", "03-documents"])
        let order = ExerciseOrder(manifest: manifest, loaded: loaded, progress: progress)
        #expect(order.skipped == [lesson + "02-sandbox-probe", lesson + "03-documents"])
        #expect(order.firstNotDone()?.slug == "04-ledger")
        #expect(order.nextNotDone(after: lesson + "01-counter")?.slug == "04-ledger")
        #expect(order.nextNotDone(after: lesson + "04-ledger")?.slug == "02-sandbox-probe", "then the skipped ones, in order")
        #expect(order.next(after: lesson + "01-counter")?.slug == "02-sandbox-probe", "n still goes to the following one")
    }

    @Test func nextIsTheFollowingExerciseWhateverItsResult() {
        let order = order(passed: ["02-sandbox-probe"])
        #expect(order.next(after: lesson + "01-counter")?.slug == "02-sandbox-probe")
        #expect(order.next(after: lesson + "04-ledger") == nil, "the last exercise has no next")
        #expect(order.next(after: "nowhere/01-nothing") == nil)
    }

    @Test func nextNotDoneSkipsPassedOnesAndComesBackForThoseLeftBehind() {
        #expect(order(passed: ["01-counter", "02-sandbox-probe"]).nextNotDone(after: lesson + "01-counter")?.slug == "03-documents")
        // After the last: the first one left behind.
        #expect(order(passed: ["01-counter", "04-ledger"]).nextNotDone(after: lesson + "04-ledger")?.slug == "02-sandbox-probe")
        let all = ["01-counter", "02-sandbox-probe", "03-documents", "04-ledger"]
        #expect(order(passed: all).nextNotDone(after: lesson + "02-sandbox-probe") == nil)
        #expect(order(passed: Array(all.dropLast())).nextNotDone(after: lesson + "04-ledger") == nil,
                "the exercise itself is not its own next")
    }

    @Test func watchPicksTheNamedTheOneHereOrTheFirstNotPassed() throws {
        let root = manifest.root
        let order = order(passed: ["01-counter", "02-sandbox-probe"])
        func watched(_ name: String?, from directory: URL = root) throws -> String? {
            try ExerciseSelector.watched(name, in: manifest, currentDirectory: directory, order: order)?.slug
        }
        #expect(try watched("counter") == "01-counter", "named, even when passed")
        #expect(try watched("00-fixtures/04-ledger") == "04-ledger")
        #expect(try watched("0") == "03-documents", "a lesson: its first exercise not passed")
        #expect(try watched(nil) == "03-documents", "nothing named: the first not passed")
        let folder = root.appendingPathComponent("Exercises/00-fixtures/02-sandbox-probe")
        #expect(try watched(nil, from: folder) == "02-sandbox-probe", "inside an exercise's folder: that one")
        #expect(try watched(".", from: folder) == "02-sandbox-probe")
        #expect(throws: GraderError.self) { try watched("watch") }
        let done = ExerciseOrder(exercises: manifest.exercises, done: Set(manifest.exercises.map(\.id)))
        #expect(try ExerciseSelector.watched(nil, in: manifest, currentDirectory: root, order: done) == nil)
        #expect(try ExerciseSelector.watched("0", in: manifest, currentDirectory: root, order: done)?.slug == "01-counter",
                "a lesson all passed: its first exercise")
    }
}

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

    private func statuses(_ entries: [String: ExerciseStatus]) -> [String: LastResult] {
        entries.reduce(into: [:]) { all, entry in
            all[lesson + entry.key] = LastResult(status: entry.value, casesPassed: 0, casesTotal: 1, checkedAt: Date(), casesHash: nil)
        }
    }

    @Test func onlyAPassCountsAsDone() {
        let order = ExerciseOrder(manifest: manifest, statuses: statuses(["01-counter": .passed, "02-sandbox-probe": .failed,
                                                                           "03-documents": .compileError]))
        #expect(order.done == [lesson + "01-counter"])
        #expect(order.firstNotDone()?.slug == "02-sandbox-probe")
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

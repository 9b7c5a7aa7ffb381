import Foundation
import XCTest
@testable import ObjectGraph

/// The change rules on plain strings: which objects are inserted, deleted, updated or moved,
/// and in which order the delegate hears it.
final class FetchedResultsChangesTests: XCTestCase {
    private typealias Changes = FetchedResultsChanges<String>

    private func changes(_ old: [(String, [String])], _ new: [(String, [String])], updated: Set<String> = []) -> [String] {
        Changes(
            from: old.map { .init(name: $0.0, objects: $0.1) },
            to: new.map { .init(name: $0.0, objects: $0.1) },
            updated: updated
        ).changes.map(\.description)
    }

    func testObjectsThatOnlyShiftGetNoEvent() {
        let result = changes([("", ["a", "b", "c"])], [("", ["b", "c", "d", "e"])])
        XCTAssertEqual(result, ["delete a [0,0] → -", "insert d - → [0,2]", "insert e - → [0,3]"])
    }

    func testAnUpdatedObjectThatKeepsItsPlaceIsAnUpdateAtItsOldIndexPath() {
        let result = changes([("", ["a", "b", "c"])], [("", ["x", "b", "c"])], updated: ["b"])
        XCTAssertEqual(result, ["delete a [0,0] → -", "insert x - → [0,0]", "update b [0,1] → -"])
    }

    func testAnUpdatedObjectThatPassesAnotherMoves() {
        let result = changes([("", ["a", "b", "c"])], [("", ["c", "a", "b"])], updated: ["a", "c"])
        XCTAssertEqual(result, ["update a [0,0] → -", "move c [0,2] → [0,0]"], "a only shifted; c moved past a and b")
    }

    func testAnUpdatedObjectThatFallsBehindIsTheOneThatMoves() {
        XCTAssertEqual(changes([("", ["a", "b", "c"])], [("", ["a", "c", "b"])], updated: ["b"]),
                       ["move b [0,1] → [0,2]"], "c was not updated: it only shifts")
        XCTAssertEqual(changes([("", ["a", "b"])], [("", ["b", "a"])], updated: ["a"]), ["move a [0,0] → [0,1]"])
    }

    func testUpdatedObjectsOutOfOrderMoveAsFewAsPossible() {
        XCTAssertEqual(changes([("", ["a", "b"])], [("", ["b", "a"])], updated: ["a", "b"]),
                       ["update a [0,0] → -", "move b [0,1] → [0,0]"], "one move is enough for a swap")
        XCTAssertEqual(changes([("", ["a", "b", "c"])], [("", ["b", "c", "a"])], updated: ["a", "b", "c"]),
                       ["update b [0,1] → -", "update c [0,2] → -", "move a [0,0] → [0,2]"])
    }

    func testSectionsAppearAndEmpty() {
        let result = changes(
            [("Ana", ["a1", "a2"]), ("Bruno", ["b1"])],
            [("Ana", ["a1"]), ("Carla", ["a2"]), ("Dora", ["d1"])],
            updated: ["a2"])
        XCTAssertEqual(result, [
            "section insert 1 \"Carla\"", "section insert 2 \"Dora\"", "section delete 1 \"Bruno\"",
            "delete b1 [1,0] → -", "insert d1 - → [2,0]", "move a2 [0,1] → [1,0]",
        ])
    }

    func testAnUpdatedObjectThatChangesSectionMovesEvenAtTheSameIndexPath() {
        let result = changes([("A", ["a"]), ("B", ["b"])], [("A", ["a"]), ("C", ["b"])], updated: ["b"])
        XCTAssertEqual(result, ["section insert 1 \"C\"", "section delete 1 \"B\"", "move b [1,0] → [1,0]"])
    }

    func testNothingChangedReportsNothing() {
        XCTAssertEqual(changes([("", ["a", "b"])], [("", ["a", "b"])]), [])
    }

    func testLongestIncreasingRun() {
        XCTAssertEqual(Changes.longestIncreasingRun([]), [])
        XCTAssertEqual(Changes.longestIncreasingRun([3, 1, 2]), [1, 2])
        XCTAssertEqual(Changes.longestIncreasingRun([0, 5, 1, 2, 6, 3]).count, 4)
        XCTAssertEqual(Changes.longestIncreasingRun([4, 3, 2, 1]).count, 1)
    }
}

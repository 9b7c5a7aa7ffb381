import Foundation
import XCTest

@testable import ObjectGraph

final class GraphSortDescriptorTests: XCTestCase {
    private let rows: [[String: Any]] = [
        ["id": 1, "name": "bob", "age": Int16(30)],
        ["id": 2, "name": "Émile", "age": 25.5],
        ["id": 3, "age": Int64(30)],
        ["id": 4, "name": "Bob", "age": Int32(20)],
        ["id": 5, "name": "alice", "owner": ["name": "Zed"]],
    ]

    private func ids(_ descriptors: [GraphSortDescriptor]) -> [Int] {
        rows.sorted(by: descriptors).map { $0["id"] as! Int }
    }

    func testStandardOrderIsCodePointsWithNilFirst() {
        XCTAssertEqual(ids([GraphSortDescriptor(key: "name")]), [3, 4, 5, 1, 2])
        XCTAssertEqual(ids([GraphSortDescriptor(key: "name", ascending: false)]), [2, 1, 5, 4, 3])
    }

    func testCaseInsensitiveKeepsTiesStable() {
        XCTAssertEqual(ids([GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]), [3, 5, 1, 4, 2])
        XCTAssertEqual(ids([GraphSortDescriptor(key: "name", ascending: false, comparison: .caseInsensitive)]), [2, 1, 4, 5, 3])
    }

    func testNumbersAcrossTypesThenNextDescriptor() {
        XCTAssertEqual(ids([GraphSortDescriptor(key: "age"), GraphSortDescriptor(key: "name")]), [5, 4, 2, 3, 1])
        XCTAssertEqual(ids([GraphSortDescriptor(key: "age", ascending: false), GraphSortDescriptor(key: "id", ascending: false)]), [3, 1, 2, 4, 5])
    }

    func testKeyPathThroughToOneAndCompare() {
        XCTAssertEqual(ids([GraphSortDescriptor(key: "owner.name", ascending: false)]).first, 5)
        let byAge = GraphSortDescriptor(key: "age")
        XCTAssertEqual(byAge.compare(rows[0], rows[2]), .orderedSame)
        XCTAssertEqual(byAge.compare(rows[3], rows[0]), .orderedAscending)
        XCTAssertEqual(byAge.reversed.compare(rows[3], rows[0]), .orderedDescending)
        XCTAssertEqual(byAge.compare(rows[4], rows[3]), .orderedAscending, "nil first")
    }

    func testToManySortKeyIsReported() {
        let descriptor = GraphSortDescriptor(key: "cars.year")
        XCTAssertThrowsError(try descriptor.compareThrowing(["cars": [["year": 1]]], ["cars": []]))
    }
}

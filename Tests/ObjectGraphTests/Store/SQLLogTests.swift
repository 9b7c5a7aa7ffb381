import Foundation
import XCTest
@testable import ObjectGraph

final class SQLLogTests: XCTestCase {
    private func garageWithFiveOwners() throws -> TestStack {
        let stack = try TestStack(.sqlite)
        for index in 1...5 {
            let person = Person(context: stack.context)
            person.name = "Owner \(index)"
            let car = Car(context: stack.context)
            car.make = "Car \(index)"
            car.owner = person
        }
        try stack.context.save()
        stack.context.reset()
        stack.sqlLines = []
        return stack
    }

    func testTheLogShowsOneQueryPerRelationshipFaultTheNPlusOneProblem() throws {
        let stack = try garageWithFiveOwners()
        let people = try stack.context.fetch(Person.fetchRequest())
        XCTAssertEqual(stack.sqlLines.filter { $0.hasPrefix("ObjectGraph: sql: SELECT") }.count, 1)
        XCTAssertTrue(stack.sqlLines.contains { $0.hasPrefix("ObjectGraph: annotation: total fetch execution time: ") && $0.hasSuffix("for 5 rows.") })
        for person in people { _ = person.cars.count }
        let carQueries = stack.sqlLines.filter { $0.contains("FROM ZCAR WHERE ZOWNER = ?") }
        XCTAssertEqual(carQueries.count, 5, "one query per person's cars:\n" + stack.sqlLines.joined(separator: "\n"))
    }

    func testPrefetchingReadsEachRelationshipWithOneQuery() throws {
        let stack = try garageWithFiveOwners()
        let request = Person.fetchRequest()
        request.relationshipKeyPathsForPrefetching = ["cars"]
        let people = try stack.context.fetch(request)
        XCTAssertEqual(stack.sqlLines.filter { $0.contains("sql:") }, [
            "ObjectGraph: sql: SELECT t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZAGE, t0.ZEMAIL, t0.ZSPOUSE FROM ZPERSON t0 ORDER BY t0.Z_PK",
            "ObjectGraph: sql: SELECT t0.Z_PK, t0.Z_OPT, t0.ZMAKE, t0.ZYEAR, t0.ZOWNER FROM ZCAR t0 WHERE t0.ZOWNER IN (?, ?, ?, ?, ?) ORDER BY t0.Z_PK",
        ])
        stack.sqlLines = []
        XCTAssertEqual(people.map { $0.cars.map { $0.make ?? "" } }, (1...5).map { ["Car \($0)"] })
        XCTAssertEqual(stack.sqlLines.filter { $0.contains("sql:") }, [], "every person's cars, and every car, were read")

        stack.context.reset()
        stack.sqlLines = []
        let cars = Car.fetchRequest()
        cars.relationshipKeyPathsForPrefetching = ["owner"]
        let fetched = try stack.context.fetch(cars)
        XCTAssertEqual(fetched.compactMap { $0.owner?.name }.sorted(), (1...5).map { "Owner \($0)" })
        XCTAssertEqual(stack.sqlLines.filter { $0.contains("sql:") }.count, 2, "the cars, then their owners in one query:\n"
            + stack.sqlLines.joined(separator: "\n"))
    }

    /// Keys go to SQLite 500 at a time, well under its limit on a statement's parameters, however
    /// many objects a prefetch reaches.
    func testAPrefetchOfManyObjectsReadsThemInGroupsOfFiveHundred() throws {
        let stack = try TestStack(.sqlite)
        for index in 1...1_200 {
            let person = Person(context: stack.context)
            person.name = "Owner \(index)"
            let car = Car(context: stack.context)
            car.make = "Car \(index)"
            car.owner = person
        }
        try stack.context.save()
        stack.context.reset()
        stack.sqlLines = []
        let request = Car.fetchRequest()
        request.relationshipKeyPathsForPrefetching = ["owner"]
        let cars = try stack.context.fetch(request)
        let ownerQueries = stack.sqlLines.filter { $0.contains("sql:") && $0.contains("FROM ZPERSON") }
        XCTAssertEqual(ownerQueries.count, 3, "1,200 owners in groups of 500, 500 and 200")
        XCTAssertEqual(ownerQueries.last?.components(separatedBy: "?").count, 201, "the last group's 200 keys")
        stack.sqlLines = []
        XCTAssertEqual(Set(cars.compactMap { $0.owner?.name }).count, 1_200)
        XCTAssertEqual(stack.sqlLines.filter { $0.contains("sql:") }, [], "every owner was read with the cars")
    }

    func testBatchedFetchesReadKeysFirstThenOneQueryPerBatch() throws {
        let stack = try garageWithFiveOwners()
        let request = Person.fetchRequest()
        request.fetchBatchSize = 2
        let people = try stack.context.fetch(request)
        XCTAssertEqual(people.count, 5)
        XCTAssertEqual(stack.sqlLines.first, "ObjectGraph: sql: SELECT t0.Z_PK FROM ZPERSON t0 ORDER BY t0.Z_PK")
        stack.sqlLines = []
        _ = people[0].name
        _ = people[1].name
        XCTAssertEqual(stack.sqlLines.filter { $0.contains("sql:") }, [
            "ObjectGraph: sql: SELECT t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZAGE, t0.ZEMAIL, t0.ZSPOUSE FROM ZPERSON t0 WHERE t0.Z_PK IN (?, ?)",
        ], "the first two share one query")
        _ = people.map(\.name)
        XCTAssertEqual(stack.sqlLines.filter { $0.contains("sql:") }.count, 3, "three batches of at most two")
    }

    func testLevelThreeAlsoPrintsBoundValues() throws {
        var lines: [String] = []
        let log = SQLLog(level: 3) { lines.append($0) }
        log.statement("SELECT 1 WHERE ? = ?", [.integer(5), .text("Pedro")])
        XCTAssertEqual(lines, [
            "ObjectGraph: sql: SELECT 1 WHERE ? = ?",
            "ObjectGraph: details: SQLite bind[0] = 5",
            "ObjectGraph: details: SQLite bind[1] = 'Pedro'",
        ])
        lines = []
        SQLLog(level: 0) { lines.append($0) }.statement("SELECT 1", [])
        XCTAssertEqual(lines, [], "level 0 is silent")
    }

    func testTheEnvironmentVariableSetsTheDefaultLevel() throws {
        setenv("OBJECTGRAPH_SQL_DEBUG", "3", 1)
        defer { unsetenv("OBJECTGRAPH_SQL_DEBUG") }
        XCTAssertEqual(SQLLog().level, 3)
        XCTAssertEqual(PersistentStoreDescription(type: .inMemory).sqlLog.level, 3)
    }
}

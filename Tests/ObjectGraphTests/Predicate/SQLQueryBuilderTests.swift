import Foundation
import XCTest

@testable import ObjectGraph

final class SQLQueryBuilderTests: XCTestCase {
    private let model = PredicateTestModel.make()
    private var person: EntityDescription { model.entitiesByName["Person"]! }
    private var car: EntityDescription { model.entitiesByName["Car"]! }

    private func select(
        _ entity: EntityDescription, _ format: String?, _ arguments: Any?..., sort: [GraphSortDescriptor] = []
    ) throws -> (sql: String, bindings: [SQLValue]) {
        let predicate = format.map { GraphPredicate(format: $0, argumentArray: arguments) }
        return try SQLQueryBuilder(entity: entity, predicate: predicate, sortDescriptors: sort).selectSQL(columns: ["t0.Z_PK"])
    }

    func testComparisonsAreNullSafeAndBound() throws {
        let query = try select(person, "name == %@ AND nickname != nil AND age >= 18", "Ann")
        XCTAssertEqual(
            query.sql, "SELECT t0.Z_PK FROM ZPERSON t0 WHERE (t0.ZNAME IS ? AND t0.ZNICKNAME IS NOT NULL AND t0.ZAGE >= ?) ORDER BY t0.Z_PK")
        XCTAssertEqual(query.bindings, [.text("Ann"), .integer(18)])
    }

    func testConstantsAreStoredValues() throws {
        let day = Date(timeIntervalSinceReferenceDate: 86400)
        let query = try select(person, "isMember == YES AND birthday < %@ AND height BETWEEN {1.5, 2}", day)
        XCTAssertEqual(
            query.sql,
            "SELECT t0.Z_PK FROM ZPERSON t0 WHERE (t0.ZISMEMBER IS ? AND t0.ZBIRTHDAY < ? AND t0.ZHEIGHT BETWEEN ? AND ?) ORDER BY t0.Z_PK")
        XCTAssertEqual(query.bindings, [.integer(1), .real(86400), .real(1.5), .integer(2)])
    }

    func testNotCountsUnknownAsFalse() throws {
        XCTAssertEqual(try select(person, "NOT age < 3").sql, "SELECT t0.Z_PK FROM ZPERSON t0 WHERE NOT COALESCE(t0.ZAGE < ?, 0) ORDER BY t0.Z_PK")
        XCTAssertEqual(try select(person, "NOT name == 'a'").sql, "SELECT t0.Z_PK FROM ZPERSON t0 WHERE NOT t0.ZNAME IS ? ORDER BY t0.Z_PK")
    }

    func testStringOperatorsCallTheRegisteredFunctions() throws {
        let query = try select(person, "name BEGINSWITH[cd] %@ OR name LIKE 'a*' OR name !=[c] 'x'", "e")
        XCTAssertEqual(
            query.sql,
            "SELECT t0.Z_PK FROM ZPERSON t0 WHERE (OG_BEGINSWITH(t0.ZNAME, ?, 'cd') OR OG_LIKE(t0.ZNAME, ?, '') "
                + "OR NOT OG_EQUALS(t0.ZNAME, ?, 'c')) ORDER BY t0.Z_PK")
    }

    func testToOneKeyPathsShareOneJoinWithOrderBy() throws {
        let query = try select(
            car, "owner.name == 'Ann' OR owner.partner.age > 3", sort: [GraphSortDescriptor(key: "owner.name", comparison: .caseInsensitive)])
        XCTAssertEqual(
            query.sql,
            "SELECT t0.Z_PK FROM ZCAR t0 LEFT JOIN ZPERSON t1 ON t1.Z_PK = t0.ZOWNER LEFT JOIN ZPERSON t2 ON t2.Z_PK = t1.ZPARTNER "
                + "WHERE (t1.ZNAME IS ? OR t2.ZAGE > ?) ORDER BY t1.ZNAME COLLATE OG_CASEINSENSITIVE ASC, t0.Z_PK")
    }

    func testObjectsBindTheirPrimaryKey() throws {
        let owner = TestObject(entity: person, key: 42)
        let query = try select(car, "owner == %@ OR owner IN %@", owner, [owner.objectID!])
        XCTAssertEqual(query.sql, "SELECT t0.Z_PK FROM ZCAR t0 WHERE (t0.ZOWNER IS ? OR t0.ZOWNER IN (?)) ORDER BY t0.Z_PK")
        XCTAssertEqual(query.bindings, [.integer(42), .integer(42)])
    }

    func testToManyModifiersAreSubqueries() throws {
        XCTAssertEqual(
            try select(person, "ANY cars.year > 2000").sql,
            "SELECT t0.Z_PK FROM ZPERSON t0 WHERE EXISTS (SELECT 1 FROM ZCAR t1 WHERE t1.ZOWNER = t0.Z_PK AND t1.ZYEAR > ?) ORDER BY t0.Z_PK")
        XCTAssertEqual(
            try select(person, "ALL cars.year > 2000").sql,
            "SELECT t0.Z_PK FROM ZPERSON t0 WHERE NOT EXISTS (SELECT 1 FROM ZCAR t1 WHERE t1.ZOWNER = t0.Z_PK "
                + "AND NOT COALESCE(t1.ZYEAR > ?, 0)) ORDER BY t0.Z_PK")
        XCTAssertEqual(
            try select(person, "NONE tags.name == 'vip'").sql,
            "SELECT t0.Z_PK FROM ZPERSON t0 WHERE NOT EXISTS (SELECT 1 FROM Z_PERSON_TAGS j1 JOIN ZTAG t1 ON t1.Z_PK = j1.Z_TAGS "
                + "WHERE j1.Z_PERSON = t0.Z_PK AND t1.ZNAME IS ?) ORDER BY t0.Z_PK")
        XCTAssertEqual(
            try select(person, "cars.@count >= 2 AND tags.@count == 0").sql,
            "SELECT t0.Z_PK FROM ZPERSON t0 WHERE ((SELECT COUNT(*) FROM ZCAR t1 WHERE t1.ZOWNER = t0.Z_PK) >= ? "
                + "AND (SELECT COUNT(*) FROM Z_PERSON_TAGS j2 WHERE j2.Z_PERSON = t0.Z_PK) IS ?) ORDER BY t0.Z_PK")
    }

    func testInWithNilAndLimits() throws {
        let builder = try SQLQueryBuilder(entity: person, predicate: GraphPredicate(format: "nickname IN {nil, 'Bo'}"))
        XCTAssertEqual(
            builder.selectSQL(columns: ["t0.Z_PK", "t0.ZNAME"], limit: 5, offset: 10).sql,
            "SELECT t0.Z_PK, t0.ZNAME FROM ZPERSON t0 WHERE (t0.ZNICKNAME IN (?) OR t0.ZNICKNAME IS NULL) ORDER BY t0.Z_PK LIMIT 5 OFFSET 10")
        XCTAssertEqual(builder.countSQL().sql, "SELECT COUNT(*) FROM ZPERSON t0 WHERE (t0.ZNICKNAME IN (?) OR t0.ZNICKNAME IS NULL)")
        XCTAssertEqual(try select(person, "TRUEPREDICATE").sql, "SELECT t0.Z_PK FROM ZPERSON t0 ORDER BY t0.Z_PK")
        let offsetOnly = try SQLQueryBuilder(entity: person).selectSQL(columns: ["t0.Z_PK"], offset: 3).sql
        XCTAssertEqual(offsetOnly, "SELECT t0.Z_PK FROM ZPERSON t0 ORDER BY t0.Z_PK LIMIT -1 OFFSET 3")
    }

    func testInvalidKeyPathsAreReported() {
        XCTAssertThrowsError(try select(person, "cars.year > 3")) { error in
            XCTAssertEqual(error as? SQLTranslationError, .invalidKeyPath("to-many key `cars` not allowed here; use ANY cars.year, ALL/NONE, or cars.@count"))
        }
        XCTAssertThrowsError(try select(person, "salary > 3")) { error in
            XCTAssertEqual(error as? SQLTranslationError, .invalidKeyPath("keypath salary not found in entity Person"))
        }
        XCTAssertThrowsError(try select(person, "ANY cars.owner.tags.name == 'x'")) { error in
            guard case .untranslatable = error as? SQLTranslationError else { return XCTFail("\(error)") }
        }
    }
}

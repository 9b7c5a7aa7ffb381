import Foundation
import XCTest

@testable import ObjectGraph

/// A plain object read by key, as a learner's own type could be.
private final class Box: KeyValueReading {
    var values: [String: Any?]
    init(_ values: [String: Any?]) { self.values = values }
    func value(forKey key: String) -> Any? { values[key] ?? nil }
}

final class PredicateEvaluatorTests: XCTestCase {
    private func check(_ format: String, _ arguments: Any?..., on object: Any?, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        GraphPredicate(format: format, argumentArray: arguments).evaluate(with: object)
    }

    func testNumbersCompareAcrossTypes() {
        let person: [String: Any] = ["age": Int16(30), "height": 1.8, "isMember": true, "count": Int32(2)]
        XCTAssertTrue(check("age == 30", on: person))
        XCTAssertTrue(check("age == 30.0", on: person))
        XCTAssertTrue(check("age > %@", Int64(29), on: person))
        XCTAssertTrue(check("height < 2", on: person))
        XCTAssertTrue(check("isMember == YES AND isMember == 1", on: person))
        XCTAssertFalse(check("isMember == 0", on: person))
        XCTAssertTrue(check("count BETWEEN {2, 2.5}", on: person))
        XCTAssertTrue(check("age IN {1, 30}", on: person))
        XCTAssertFalse(check("age IN %@", Set([1, 2]), on: person))
    }

    func testStringsCompareByCodePoint() {
        // Swift's `<` says "a" < "B" is false too, but "é" (U+00E9) vs "f" differs: code points put é after f.
        XCTAssertTrue(check("name > 'f'", on: ["name": "é"]))
        XCTAssertTrue(check("name < 'a'", on: ["name": "Z"]))
        // Precomposed é and e + combining accent are equal for Swift's ==, not for SQLite or predicates.
        XCTAssertTrue("\u{E9}" == "e\u{301}")
        XCTAssertFalse(check("name == %@", "e\u{301}", on: ["name": "\u{E9}"]))
    }

    func testNilRules() {
        let nobody: [String: Any?] = ["nickname": nil, "age": nil]
        XCTAssertTrue(check("nickname == nil", on: nobody))
        XCTAssertFalse(check("nickname != nil", on: nobody))
        XCTAssertTrue(check("nickname != 'x'", on: nobody))
        XCTAssertFalse(check("nickname == 'x'", on: nobody))
        XCTAssertFalse(check("age < 3", on: nobody))
        XCTAssertFalse(check("age >= 3", on: nobody))
        XCTAssertTrue(check("NOT age < 3", on: nobody))
        XCTAssertFalse(check("age BETWEEN {1, 5}", on: nobody))
        XCTAssertFalse(check("nickname BEGINSWITH ''", on: nobody))
        XCTAssertFalse(check("age > %@", nil, on: ["age": 3]))
        XCTAssertTrue(check("nickname IN {nil, 'x'}", on: nobody))
        XCTAssertTrue(check("missing == nil", on: ["other": 1]))
    }

    func testStringOperatorsAndOptions() {
        let emile = ["name": "Émile Zola"]
        XCTAssertTrue(check("name BEGINSWITH 'Ém'", on: emile))
        XCTAssertFalse(check("name BEGINSWITH 'em'", on: emile))
        XCTAssertFalse(check("name BEGINSWITH[c] 'em'", on: emile))
        XCTAssertFalse(check("name BEGINSWITH[d] 'em'", on: emile))
        XCTAssertTrue(check("name BEGINSWITH[cd] 'em'", on: emile))
        XCTAssertTrue(check("name ENDSWITH 'Zola'", on: emile))
        XCTAssertTrue(check("name CONTAINS[c] 'LE Z'", on: emile))
        XCTAssertTrue(check("name ==[cd] 'emile zola'", on: emile))
        XCTAssertFalse(check("name !=[cd] 'EMILE ZOLA'", on: emile))
        XCTAssertTrue(check("name LIKE '?mile*'", on: emile))
        XCTAssertTrue(check("name LIKE '*Z*a'", on: emile))
        XCTAssertFalse(check("name LIKE 'mile*'", on: emile))
        XCTAssertTrue(check("name LIKE[cd] 'emile ZOL?'", on: emile))
        XCTAssertTrue(check("name MATCHES '\\\\w+ Z.*'", on: emile))
        XCTAssertFalse(check("name MATCHES 'Zola'", on: emile), "MATCHES covers the whole string")
        XCTAssertTrue(check("name MATCHES[c] 'émile.*'", on: emile))
        XCTAssertTrue(check("name MATCHES[d] 'Emile.*'", on: emile))
        XCTAssertFalse(check("name MATCHES '('", on: emile), "an invalid pattern matches nothing")
        XCTAssertFalse(check("name MATCHES 'É)|(b'", on: emile), "an unbalanced pattern cannot escape the whole-string anchors")
        XCTAssertFalse(check("age BEGINSWITH '3'", on: ["age": 30]), "string operators need strings")
    }

    func testKeyPathsThroughToOneAndToMany() {
        let owner = Box(["name": "Ann", "cars": [Box(["year": Int32(1999)]), Box(["year": Int32(2010)])]])
        let car = Box(["make": "Fiat", "owner": owner])
        XCTAssertTrue(check("owner.name == 'Ann'", on: car))
        XCTAssertTrue(check("owner.cars.@count == 2", on: car))
        XCTAssertTrue(check("ANY owner.cars.year < 2000", on: car))
        XCTAssertFalse(check("ALL owner.cars.year < 2000", on: car))
        XCTAssertTrue(check("NONE owner.cars.year > 2020", on: car))
        XCTAssertTrue(check("owner == %@", owner, on: car))
        XCTAssertFalse(check("owner == %@", Box([:]), on: car))
        XCTAssertTrue(check("owner.name == nil", on: Box(["make": "Fiat"])), "a nil on the way is nil")
        // Dictionaries work the same way.
        let dictionary: [String: Any] = ["owner": ["name": "Bo"], "cars": [["year": 2001], ["year": 2002]]]
        XCTAssertTrue(check("owner.name == 'Bo' AND ALL cars.year > 2000 AND cars.@count == 2", on: dictionary))
    }

    func testEmptyCollections() {
        let nothing: [String: Any] = ["cars": [Any]()]
        XCTAssertTrue(check("ALL cars.year > 3000", on: nothing))
        XCTAssertFalse(check("ANY cars.year > 0", on: nothing))
        XCTAssertTrue(check("NONE cars.year > 0", on: nothing))
        XCTAssertTrue(check("cars.@count == 0", on: nothing))
    }

    func testToManyWithoutModifierIsReported() {
        let person: [String: Any] = ["cars": [["year": 2001]]]
        let predicate = GraphPredicate(format: "cars.year > 2000")
        XCTAssertThrowsError(try PredicateEvaluator.evaluate(predicate, with: person)) { error in
            XCTAssertEqual("\(error)", "to-many key `cars` not allowed here; use ANY cars.year, ALL/NONE, or cars.@count")
        }
    }

    func testManagedObjectsCompareByID() throws {
        let entity = EntityDescription(name: "Person")
        let id = ManagedObjectID(entity: entity, primaryKey: 7, storeIdentifier: "S")
        let object = ManagedObject(entity: entity, insertInto: nil)
        object.objectID = id
        let car: [String: Any] = ["owner": object]
        XCTAssertTrue(check("owner == %@", object, on: car))
        XCTAssertTrue(check("owner == %@", ManagedObjectID(entity: entity, primaryKey: 7, storeIdentifier: "S"), on: car))
        XCTAssertFalse(check("owner == %@", ManagedObjectID(entity: entity, primaryKey: 8, storeIdentifier: "S"), on: car))
        XCTAssertTrue(check("owner IN %@", [id], on: car))
        XCTAssertTrue(check("owner != nil", on: car))
    }

    func testDatesCompareByTime() {
        let day = Date(timeIntervalSinceReferenceDate: 1000)
        XCTAssertTrue(check("birthday < %@", day.addingTimeInterval(1), on: ["birthday": day]))
        XCTAssertTrue(check("birthday == %@", Date(timeIntervalSinceReferenceDate: 1000), on: ["birthday": day]))
        XCTAssertTrue(check("birthday BETWEEN %@", [day, day], on: ["birthday": day]))
    }
}

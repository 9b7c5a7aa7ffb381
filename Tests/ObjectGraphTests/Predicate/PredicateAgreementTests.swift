import Foundation
import XCTest

@testable import ObjectGraph

/// The same data in a real SQLite database and in memory: every predicate and sort must select
/// the same objects, in the same order, through SQL (``SQLQueryBuilder`` and the registered
/// functions) as through ``GraphPredicate/evaluate(with:)`` and ``GraphSortDescriptor``.
final class PredicateAgreementTests: XCTestCase {
    private var directory: URL!
    private var database: SQLiteDatabase!
    private var model: ManagedObjectModel!
    private var people: [TestObject] = []
    private var cars: [TestObject] = []
    private var tags: [TestObject] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("predicate-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try SQLiteDatabase(path: directory.appendingPathComponent("store.sqlite").path, log: SQLLog(level: 0))
        model = PredicateTestModel.make()
        for statement in StoreSchema.createStatements(for: model) { try database.execute(statement) }
        // One transaction: row-by-row autocommit would spend most of the test syncing the disk.
        try database.transaction { try fill() }
    }

    override func tearDownWithError() throws {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: Data


    private static let firstNames = [
        "Émile", "emile", "Emile", "Eva", "ÉVA", "Zoë", "zoe", "anna", "Anna", "Ångström", "Bob", "bob", "Chloé", "chloe",
        "Ünal", "Ödön", "Mia", "noël", "Noel", "Ω", "straße", "Zed", "_x", "e\u{301}mile", "E\u{0}x",
    ]
    private static let lastNames = ["Martin", "martín", "Zola", "Dupré", "DUPRE", "O'Hara", "Smith", "ß", "Ørsted"]
    private static let nicknames = ["", "Bo", "bo", "Émi", "emi", "Zed*", "a?b", "Ann"]
    private static let makes: [String?] = ["Fiat", "fiat", "Škoda", "Citroën", "citroen", "BMW", nil]
    private static let tagNames = ["vip", "VIP", "new", "Événement", "old", "evenement"]

    private func fill() throws {
        var random = SeededGenerator(seed: 2024)
        let person = model.entitiesByName["Person"]!, car = model.entitiesByName["Car"]!, tag = model.entitiesByName["Tag"]!
        tags = Self.tagNames.enumerated().map { index, name in
            let object = TestObject(entity: tag, key: Int64(index + 1))
            object.fields["name"] = name
            return object
        }
        for key in 1...200 {
            let object = TestObject(entity: person, key: Int64(key))
            object.fields["name"] = random.pick(Self.firstNames) + " " + random.pick(Self.lastNames)
            if !random.chance(10) { object.fields["age"] = Int16(random.int(0...90)) }
            if !random.chance(10) { object.fields["height"] = Double(random.int(140...210)) / 100 }
            if !random.chance(10) { object.fields["birthday"] = Date(timeIntervalSinceReferenceDate: Double(random.int(-20_000...9_000)) * 86_400) }
            if !random.chance(10) { object.fields["isMember"] = random.chance(50) }
            if random.chance(60) { object.fields["nickname"] = random.pick(Self.nicknames) }
            object.fields["tags"] = Set<ManagedObject>(tags.filter { _ in random.chance(30) })
            object.fields["cars"] = Set<ManagedObject>()
            people.append(object)
        }
        // Partners in pairs, both ways, as an inverse to-one keeps them.
        for index in stride(from: 0, to: 120, by: 6) {
            people[index].fields["partner"] = people[index + 3]
            people[index + 3].fields["partner"] = people[index]
        }
        for key in 1...330 {
            let object = TestObject(entity: car, key: Int64(key))
            if let make = random.pick(Self.makes) { object.fields["make"] = make }
            if !random.chance(8) { object.fields["year"] = Int32(random.int(1970...2024)) }
            // Only the first 150 people own cars, so that many have none.
            if !random.chance(5) {
                let owner = people[random.int(0...149)]
                object.fields["owner"] = owner
                owner.fields["cars"] = (owner.fields["cars"] as! Set<ManagedObject>).union([object])
            }
            cars.append(object)
        }
        for tag in tags {
            tag.fields["people"] = Set<ManagedObject>(people.filter { ($0.fields["tags"] as! Set<ManagedObject>).contains(tag) })
        }
        try insert(people, into: person)
        try insert(cars, into: car)
        try insert(tags, into: tag)
        let join = StoreSchema.joinTable(person.relationshipsByName["tags"]!)!
        let links = people.flatMap { person in
            (person.fields["tags"] as! Set<ManagedObject>).map { [SQLValue.integer(person.objectID.primaryKey), .integer($0.objectID.primaryKey)] }
        }
        try database.run("INSERT INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) VALUES (?, ?)", eachOf: links)
    }

    private func insert(_ objects: [TestObject], into entity: EntityDescription) throws {
        let attributes = entity.attributes
        let foreignKeys = entity.relationships.filter(\.hasForeignKeyColumn)
        let columns = [StoreSchema.primaryKey] + attributes.map(StoreSchema.column) + foreignKeys.map(StoreSchema.column)
        let sql = "INSERT INTO \(StoreSchema.table(entity)) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        let rows = try objects.map { object -> [SQLValue] in
            let values = try attributes.map { try $0.sqlValue(object.fields[$0.name]) }
            let keys = foreignKeys.map { relationship -> SQLValue in
                (object.fields[relationship.name] as? ManagedObject).map { .integer($0.objectID.primaryKey) } ?? .null
            }
            return [.integer(object.objectID.primaryKey)] + values + keys
        }
        try database.run(sql, eachOf: rows)
    }

    // MARK: Comparing

    private func sqlKeys(_ entity: String, _ predicate: GraphPredicate?, sort: [GraphSortDescriptor] = [], limit: Int? = nil, offset: Int? = nil) throws -> [Int64] {
        let builder = try SQLQueryBuilder(entity: model.entitiesByName[entity]!, predicate: predicate, sortDescriptors: sort)
        let query = builder.selectSQL(columns: ["t0.Z_PK"], limit: limit, offset: offset)
        let keys = try database.query(query.sql, query.bindings).map { row -> Int64 in
            guard case .integer(let key) = row[0] else { fatalError("Z_PK is \(row[0])") }
            return key
        }
        let count = try database.query(builder.countSQL().sql, builder.countSQL().bindings)
        if limit == nil, offset == nil { XCTAssertEqual(count.first?.first, .integer(Int64(keys.count)), "COUNT of \(predicate?.description ?? "all")") }
        return keys
    }

    private func memoryKeys(_ objects: [TestObject], _ predicate: GraphPredicate?, sort: [GraphSortDescriptor] = []) -> [Int64] {
        let matching = objects.filter { predicate?.evaluate(with: $0) ?? true }
        return matching.sorted(by: sort).map { $0.objectID.primaryKey }
    }

    /// Asserts that both paths select the same people, and that the predicate selects some but
    /// not all of them (a predicate true or false for everyone would prove nothing).
    private func assertAgree(_ format: String, _ arguments: Any?..., on entity: String = "Person", file: StaticString = #filePath, line: UInt = #line) throws {
        let predicate = GraphPredicate(format: format, argumentArray: arguments)
        let objects = entity == "Person" ? people : cars
        let expected = memoryKeys(objects, predicate)
        XCTAssertEqual(try sqlKeys(entity, predicate), expected, format, file: file, line: line)
        XCTAssertTrue(!expected.isEmpty && expected.count < objects.count, "\(format) selects \(expected.count) of \(objects.count)", file: file, line: line)
    }

    func testComparisonsAgree() throws {
        try assertAgree("age == 30")
        try assertAgree("age != 30")
        try assertAgree("age < 20")
        try assertAgree("age <= 20 OR age >= 80")
        try assertAgree("age > %@", 45.5)
        try assertAgree("height >= %f", 1.8)
        try assertAgree("height < age")
        try assertAgree("isMember == YES")
        try assertAgree("isMember != YES")
        try assertAgree("isMember == 0")
        try assertAgree("birthday < %@", Date(timeIntervalSinceReferenceDate: -5_000 * 86_400))
        try assertAgree("birthday BETWEEN %@", [Date(timeIntervalSinceReferenceDate: -9_000 * 86_400), Date(timeIntervalSinceReferenceDate: 0)])
        try assertAgree("age BETWEEN {18, 30}")
        try assertAgree("age IN {18, 30, 45, 60}")
        try assertAgree("nickname == nil")
        try assertAgree("nickname != nil")
        try assertAgree("nickname != 'Bo'")
        try assertAgree("nickname IN {nil, 'Bo', ''}")
        try assertAgree("name < 'Zed'")
        try assertAgree("name >= 'é'")
        try assertAgree("name == %@", people[7].fields["name"])
    }

    func testStringOperatorsAgree() throws {
        try assertAgree("name BEGINSWITH 'E'")
        try assertAgree("name BEGINSWITH[c] 'e'")
        try assertAgree("name BEGINSWITH[d] 'E'")
        try assertAgree("name BEGINSWITH[cd] 'emile'")
        try assertAgree("name ENDSWITH[cd] 'dupre'")
        try assertAgree("name CONTAINS 'ö'")
        try assertAgree("name CONTAINS[c] 'O'")
        try assertAgree("name LIKE '?o? *'")
        try assertAgree("name LIKE[cd] '*MARTIN'")
        try assertAgree("name MATCHES '[A-Z].* [A-Z].*'")
        try assertAgree("name MATCHES[c] 'e.*'")
        try assertAgree("nickname ==[c] 'bo'")
        try assertAgree("nickname !=[cd] 'EMI'")
        try assertAgree("nickname LIKE 'a?b'")
        try assertAgree("name BEGINSWITH %@", "E\u{0}x")  // bound and read back whole, NUL and all
        try assertAgree("name ==[cd] %@", "EMILE ZOLA")
    }

    func testLogicAndRelationshipsAgree() throws {
        try assertAgree("NOT age < 40")
        try assertAgree("NOT (age < 40 OR height > 1.8)")
        try assertAgree("age < 40 AND NOT nickname BEGINSWITH 'B' OR isMember == NO")
        try assertAgree("ANY cars.year < 1980")
        try assertAgree("ALL cars.year >= 1990")
        try assertAgree("NONE cars.make ==[c] 'fiat'")
        try assertAgree("NOT ALL cars.year > 2000")
        try assertAgree("ANY cars.make == nil")
        try assertAgree("ANY tags.name ==[cd] 'evenement'")
        try assertAgree("ALL tags.name BEGINSWITH[c] 'v'")
        try assertAgree("NONE tags.name IN {'vip', 'new'}")
        try assertAgree("ANY tags == %@", tags[0])
        try assertAgree("cars.@count >= 2")
        try assertAgree("cars.@count == 0 AND tags.@count > 1")
        try assertAgree("partner.age > age")
        try assertAgree("partner.name BEGINSWITH[c] 'a' OR partner == nil")
        try assertAgree("partner == %@", people[3].objectID)
        try assertAgree("owner.age < 30", on: "Car")
        try assertAgree("owner.partner.isMember == YES", on: "Car")
        try assertAgree("owner == nil", on: "Car")
        try assertAgree("owner IN %@", Array(people[0..<40]), on: "Car")
        try assertAgree("owner.cars.@count > 3", on: "Car")
        try assertAgree("ANY owner.tags.name == 'VIP'", on: "Car")
        try assertAgree("year > 2000 AND owner.age < year", on: "Car")
    }

    func testSortOrdersAgree() throws {
        let orders: [[GraphSortDescriptor]] = [
            [GraphSortDescriptor(key: "name")],
            [GraphSortDescriptor(key: "name", ascending: false)],
            [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)],
            [GraphSortDescriptor(key: "nickname", ascending: false, comparison: .caseInsensitive), GraphSortDescriptor(key: "age")],
            [GraphSortDescriptor(key: "age", ascending: false), GraphSortDescriptor(key: "height")],
            [GraphSortDescriptor(key: "birthday"), GraphSortDescriptor(key: "isMember", ascending: false)],
            [GraphSortDescriptor(key: "partner.name", comparison: .caseInsensitive)],
        ]
        for order in orders {
            let expected = memoryKeys(people, nil, sort: order)
            XCTAssertEqual(try sqlKeys("Person", nil, sort: order), expected, "\(order)")
            XCTAssertNotEqual(expected, expected.sorted(), "\(order) must not be the primary key order")
        }
        let carOrder = [GraphSortDescriptor(key: "owner.name", ascending: false), GraphSortDescriptor(key: "year")]
        XCTAssertEqual(try sqlKeys("Car", nil, sort: carOrder), memoryKeys(cars, nil, sort: carOrder))
        // A predicate, a sort, a limit and an offset together.
        let predicate = GraphPredicate(format: "ANY cars.year > 2000 AND name CONTAINS[c] 'e'")
        let sort = [GraphSortDescriptor(key: "age"), GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        let all = memoryKeys(people, predicate, sort: sort)
        XCTAssertGreaterThan(all.count, 8)
        XCTAssertEqual(try sqlKeys("Person", predicate, sort: sort, limit: 5, offset: 3), Array(all[3..<8]))
    }

    func testCaseInsensitiveCollationIsSQLOrderToo() throws {
        // Direct check of the registered collation against the in-memory comparison.
        let rows = try database.query("SELECT ZNAME FROM ZTAG ORDER BY ZNAME COLLATE OG_CASEINSENSITIVE, Z_PK")
        let names = rows.map { row -> String in
            guard case .text(let name) = row[0] else { return "" }
            return name
        }
        XCTAssertEqual(names, ["evenement", "new", "old", "vip", "VIP", "Événement"])
    }
}

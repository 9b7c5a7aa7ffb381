import Foundation
import SQLite3
import XCTest
@testable import ObjectGraph

/// What a fetch of many rows does to make its objects cheaply, checked for what it must keep:
/// one object per row whatever order rows come in (keys kept in an array or, far apart, in a
/// dictionary), IDs made only when asked that still equal the store's, rows read straight from
/// SQLite with every storage class, and entities referred to without weak references.
final class FetchMaterializationTests: XCTestCase {
    /// Cars whose keys are 1...count, saved, the context reset.
    private func savedCars(_ stack: TestStack, count: Int) throws -> [Int64] {
        for index in 0..<count {
            let car = Car(context: stack.context)
            car.make = "Make \(String(index * 7919 % count, radix: 36))"
            car.year = Int32(index % 100)
        }
        try stack.context.save()
        stack.context.reset()
        return Array(1...Int64(count))
    }

    func testRowsInAnyKeyOrderGiveOneObjectPerRowAcrossFetches() throws {
        try onBothStores { stack in
            _ = try savedCars(stack, count: 3000)
            let context = stack.context
            // Sorted by make, so keys come in a scrambled order; then by year, another order.
            let byMake = Car.fetchRequest()
            byMake.sortDescriptors = [GraphSortDescriptor(key: "make")]
            let first = try context.fetch(byMake)
            let byYear = Car.fetchRequest()
            byYear.predicate = GraphPredicate(format: "year >= %d", 50)
            byYear.sortDescriptors = [GraphSortDescriptor(key: "year", ascending: false), GraphSortDescriptor(key: "make")]
            let second = try context.fetch(byYear)
            XCTAssertEqual(first.count, 3000, "\(stack.kind)")
            XCTAssertEqual(second.count, 1500, "\(stack.kind)")
            let firstByKey = Dictionary(uniqueKeysWithValues: first.map { ($0.objectID.primaryKey, $0) })
            for car in second {
                XCTAssertTrue(firstByKey[car.objectID.primaryKey] === car, "\(stack.kind): one object per row")
                XCTAssertTrue(context.object(with: car.objectID) === car)
            }
            XCTAssertEqual(context.registeredObjects.count, 3000)
            XCTAssertEqual(first.map { $0.make ?? "" }, first.map { $0.make ?? "" }.sorted(), "\(stack.kind)")
        }
    }

    func testObjectsFarApartInKeysAreStillUniqued() throws {
        // A few rows with keys far beyond any other object's: kept aside rather than in an
        // array as long as the largest key, and still found again.
        let stack = try TestStack(.sqlite)
        _ = try savedCars(stack, count: 5000)
        let context = stack.context
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "year == 7")
        let few = try context.fetch(request)
        XCTAssertEqual(few.count, 50)
        let low = try context.existingObject(with: few[0].objectID)
        XCTAssertTrue(low === few[0])
        // The same rows again, among all the others, come back as the same objects.
        let all = try context.fetch(Car.fetchRequest())
        let again = Set(all.filter { $0.year == 7 }.map(ObjectIdentifier.init))
        XCTAssertEqual(again, Set(few.map(ObjectIdentifier.init)))
        XCTAssertEqual(context.registeredObjects.count, 5000)
    }

    func testAFetchedObjectsIDIsTheStoresAndOutlivesAReset() throws {
        let stack = try TestStack(.sqlite)
        let car = Car(context: stack.context)
        car.make = "Seat"
        try stack.context.save()
        let savedID = car.objectID!
        stack.context.reset()

        let fetched = try XCTUnwrap(try stack.context.fetch(Car.fetchRequest()).first)
        XCTAssertFalse(fetched === car)
        XCTAssertEqual(fetched.objectID, savedID)
        XCTAssertEqual(Set([fetched.objectID!, savedID]).count, 1, "equal IDs hash alike")
        XCTAssertFalse(fetched.objectID.isTemporaryID)
        XCTAssertEqual(fetched.objectID.uriRepresentation, savedID.uriRepresentation)

        // An ID never asked for while the context held the object is still right afterwards.
        let other = try TestStack(.sqlite)
        _ = try savedCars(other, count: 3)
        let objects = try other.context.fetch(Car.fetchRequest())
        other.context.reset()
        XCTAssertEqual(objects.map(\.objectID.primaryKey), [1, 2, 3])
        XCTAssertTrue(objects.allSatisfy { $0.objectID.entity.name == "Car" })
    }

    func testEveryStorageClassReadsBackAsTheAttributesType() throws {
        let stack = try TestStack(.sqlite)
        let person = Person(context: stack.context)
        person.name = "Pedro"
        person.age = 40
        let car = Car(context: stack.context)
        car.make = "Seat"
        car.year = 2001
        car.owner = person
        try stack.context.save()
        stack.container.persistentStoreCoordinator.removePersistentStores()

        // Values another program wrote in storage classes the store itself never writes: a REAL
        // in an integer column, an INTEGER in a text column, and a NULL.
        var database: OpaquePointer?
        XCTAssertEqual(sqlite3_open(stack.storeURL.path, &database), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(database, "UPDATE ZCAR SET ZYEAR = 1999.0, ZMAKE = NULL", nil, nil, nil), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(database, "UPDATE ZPERSON SET ZEMAIL = 42", nil, nil, nil), SQLITE_OK)
        sqlite3_close(database)
        try stack.reopen()

        let cars = try stack.context.fetch(Car.fetchRequest())
        XCTAssertEqual(cars.count, 1)
        XCTAssertEqual(cars[0].year, 1999)
        XCTAssertTrue(cars[0].value(forKey: "year") is Int32)
        XCTAssertNil(cars[0].make)
        XCTAssertEqual(cars[0].owner?.name, "Pedro", "a to-one relationship read from its column")
        XCTAssertEqual(cars[0].owner?.age, 40)
        XCTAssertTrue(cars[0].owner?.value(forKey: "age") is Int16)
    }

    func testAPropertyOutlivingItsEntitySeesNoEntity() {
        let name = AttributeDescription(name: "name", type: .string)
        let owner = RelationshipDescription(name: "owner", destination: "Person", inverse: nil)
        do {
            let person = EntityDescription(name: "Person", properties: [name, owner])
            _ = ManagedObjectModel(entities: [person])
            XCTAssertTrue(name.entity === person)
            XCTAssertTrue(owner.destinationEntity === person)
        }
        XCTAssertNil(name.entity, "as a weak reference would")
        XCTAssertNil(owner.destinationEntity)
    }

    func testARenamedPropertyIsFoundByItsNewName() throws {
        let make = AttributeDescription(name: "make", type: .string)
        let entity = EntityDescription(name: "Car", properties: [make, AttributeDescription(name: "year", type: .integer32)])
        make.name = "brand"
        XCTAssertTrue(entity.property(named: "brand") === make)
        XCTAssertNil(entity.property(named: "make"))
        XCTAssertNotNil(entity.propertiesByName["brand"])
    }
}

/// `unwrap`, which every predicate constant and in-memory comparison goes through, asks the
/// value's type before casting: the answers must stay those of the cast.
final class UnwrapTests: XCTestCase {
    func testOptionalsAreUnwrappedAndOtherValuesPassThrough() {
        XCTAssertEqual(unwrap(5 as Any) as? Int, 5)
        XCTAssertEqual(unwrap("text" as Any) as? String, "text")
        XCTAssertNil(unwrap(String?.none as Any))
        XCTAssertEqual(unwrap(Int?.some(3) as Any) as? Int, 3)
        XCTAssertEqual(unwrap(Int??.some(.some(4)) as Any) as? Int, 4, "nested optionals")
        XCTAssertNil(unwrap(Int??.some(.none) as Any))
        let array: [Any?] = [nil, 1]
        XCTAssertNil(unwrap(array[0] as Any), "an [Any?] element holding nil")
        XCTAssertTrue(unwrap([1, 2] as Any) is [Int], "a collection is not an optional")
    }
}

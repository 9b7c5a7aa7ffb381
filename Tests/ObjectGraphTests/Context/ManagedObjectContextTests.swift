import Foundation
import XCTest
@testable import ObjectGraph

final class ManagedObjectContextTests: XCTestCase {
    private func pedro(in context: ManagedObjectContext) -> Person {
        let pedro = Person(context: context)
        pedro.name = "Pedro"
        pedro.age = 40
        let seat = Car(context: context)
        seat.make = "Seat León"
        seat.year = 2005
        seat.owner = pedro
        let punto = Car(context: context)
        punto.make = "Fiat Punto"
        punto.year = 2000
        pedro.mutableSetValue(forKey: "cars").add(punto)
        return pedro
    }

    func testSavedObjectsSurviveAReopenOfTheContainer() throws {
        let stack = try TestStack(.sqlite)
        _ = pedro(in: stack.context)
        try stack.context.save()
        try stack.reopen()

        let people = try stack.context.fetch(Person.fetchRequest())
        XCTAssertEqual(people.map(\.name), ["Pedro"])
        XCTAssertEqual(people.first?.age, 40)
        let cars = people.first!.cars.sorted { $0.year < $1.year }
        XCTAssertEqual(cars.map(\.make), ["Fiat Punto", "Seat León"])
        XCTAssertEqual(cars.map(\.year), [2000, 2005])
        XCTAssertTrue(cars.allSatisfy { $0.owner === people.first })
    }

    func testSavedObjectsAreReadBackFromTheStoreAfterReset() throws {
        try onBothStores { stack in
            _ = pedro(in: stack.context)
            try stack.context.save()
            stack.context.reset()
            let cars = try stack.context.fetch(FetchRequest<Car>(entityName: "Car"))
            XCTAssertEqual(Set(cars.map(\.make)), ["Seat León", "Fiat Punto"], "\(stack.kind)")
            XCTAssertEqual(cars.first?.owner?.name, "Pedro", "\(stack.kind)")
            XCTAssertEqual(cars.first?.owner?.cars.count, 2, "\(stack.kind)")
        }
    }

    func testOneInstancePerRowPerContext() throws {
        try onBothStores { stack in
            let person = pedro(in: stack.context)
            try stack.context.save()
            let first = try stack.context.fetch(Person.fetchRequest())
            let second = try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Person"))
            XCTAssertTrue(first[0] === person && second[0] === person, "\(stack.kind)")
            XCTAssertTrue(stack.context.object(with: person.objectID) === person, "\(stack.kind)")
            XCTAssertTrue(person.cars.first!.owner === person, "\(stack.kind)")

            let other = stack.container.newBackgroundContext()
            let elsewhere = other.performAndWait { other.object(with: person.objectID) }
            XCTAssertFalse(elsewhere === person, "another context has its own instance")
        }
    }

    func testChangeTrackingAndRollback() throws {
        try onBothStores { stack in
            let context = stack.context
            XCTAssertFalse(context.hasChanges)
            let person = pedro(in: context)
            XCTAssertTrue(context.hasChanges)
            XCTAssertEqual(context.insertedObjects.count, 3)
            XCTAssertTrue(person.objectID.isTemporaryID)
            try context.save()
            XCTAssertFalse(context.hasChanges)
            XCTAssertFalse(person.objectID.isTemporaryID)

            person.name = "Pedro Pérez"
            XCTAssertEqual(context.updatedObjects, [person])
            XCTAssertEqual(person.changedValues()["name"] as? String, "Pedro Pérez")
            XCTAssertEqual(person.committedValues(forKeys: ["name"])["name"] as? String, "Pedro")
            let car = person.cars.first!
            context.delete(car)
            XCTAssertEqual(context.deletedObjects, [car])
            let extra = Person(context: context)
            extra.name = "Ana"

            context.rollback()
            XCTAssertFalse(context.hasChanges, "\(stack.kind)")
            XCTAssertEqual(person.name, "Pedro", "\(stack.kind)")
            XCTAssertNil(extra.managedObjectContext, "\(stack.kind)")
            XCTAssertEqual(person.cars.count, 2, "\(stack.kind)")
            XCTAssertEqual(try context.count(for: Person.fetchRequest()), 1, "\(stack.kind)")
        }
    }

    func testFetchesIncludeUnsavedInsertsAndLeaveOutUnsavedDeletes() throws {
        try onBothStores { stack in
            let context = stack.context
            let person = pedro(in: context)
            try context.save()
            let ana = Person(context: context)
            ana.name = "Ana"
            XCTAssertEqual(Set(try context.fetch(Person.fetchRequest()).map(\.name)), ["Pedro", "Ana"], "\(stack.kind)")
            context.delete(person)
            XCTAssertEqual(try context.fetch(Person.fetchRequest()).map(\.name), ["Ana"], "\(stack.kind)")
            XCTAssertEqual(try context.count(for: Person.fetchRequest()), 1, "\(stack.kind)")

            let request = Person.fetchRequest()
            request.includesPendingChanges = false
            XCTAssertEqual(try context.fetch(request).map(\.name), ["Pedro"], "\(stack.kind)")
        }
    }

    func testRelationshipsKeepTheirInverses() throws {
        try onBothStores { stack in
            let context = stack.context
            let pedro = pedro(in: context)
            let ana = Person(context: context)
            ana.name = "Ana"
            let seat = pedro.cars.first { $0.make == "Seat León" }!

            seat.owner = ana
            XCTAssertEqual(pedro.cars.map(\.make), ["Fiat Punto"], "moving a car takes it from its old owner")
            XCTAssertEqual(ana.cars, [seat])

            ana.mutableSetValue(forKey: "cars").remove(seat)
            XCTAssertNil(seat.owner)

            pedro.spouse = ana
            XCTAssertTrue(ana.spouse === pedro, "one-to-one")
            let luis = Person(context: context)
            luis.name = "Luis"
            luis.spouse = ana
            XCTAssertNil(pedro.spouse, "ana's previous spouse lets go")

            let tag = Tag(context: context)
            tag.label = "driver"
            pedro.mutableSetValue(forKey: "tags").add(tag)
            ana.tags = [tag]
            XCTAssertEqual(tag.people, [pedro, ana], "many-to-many")
            try context.save()
            context.reset()

            let tags = try context.fetch(Tag.fetchRequest())
            XCTAssertEqual(Set(tags[0].people.compactMap(\.name)), ["Pedro", "Ana"], "\(stack.kind)")
            let people = try context.fetch(Person.fetchRequest())
            let byName = Dictionary(uniqueKeysWithValues: people.map { ($0.name!, $0) })
            XCTAssertTrue(byName["Ana"]!.spouse === byName["Luis"], "\(stack.kind)")
            XCTAssertNil(byName["Pedro"]!.spouse, "\(stack.kind)")
            XCTAssertEqual(byName["Pedro"]!.cars.count, 1, "\(stack.kind)")

            byName["Pedro"]!.mutableSetValue(forKey: "tags").removeAllObjects()
            try context.save()
            context.reset()
            let tag2 = try context.fetch(Tag.fetchRequest())[0]
            XCTAssertEqual(tag2.people.compactMap(\.name), ["Ana"], "a removed link is deleted from the join table (\(stack.kind))")
        }
    }

    func testKeyValueAccessWorksWithoutSubclasses() throws {
        try onBothStores { stack in
            let context = stack.context
            let entity = stack.model.entitiesByName["Car"]!
            let car = ManagedObject(entity: entity, insertInto: context)
            car.setValue("Renault", forKey: "make")
            car.setValue(1999, forKey: "year")  // an Int becomes the attribute's Int32
            XCTAssertEqual(car.value(forKey: "year") as? Int32, 1999)
            let owner = ManagedObject(entity: stack.model.entitiesByName["Person"]!, insertInto: context)
            owner.setValue("Eva", forKey: "name")
            car.setValue(owner, forKey: "owner")
            XCTAssertEqual((owner.value(forKey: "cars") as? Set<ManagedObject>)?.count, 1)
            try context.save()
        }
    }

    func testFetchedObjectsAreFaultsUntilUsed() throws {
        try onBothStores { stack in
            _ = pedro(in: stack.context)
            try stack.context.save()
            stack.context.reset()
            let person = try stack.context.fetch(Person.fetchRequest())[0]
            XCTAssertTrue(person.isFault, "\(stack.kind)")
            XCTAssertEqual(person.name, "Pedro")
            XCTAssertFalse(person.isFault)
            XCTAssertTrue(person.hasFault(forRelationshipNamed: "cars"))
            XCTAssertEqual(person.cars.count, 2)
            XCTAssertFalse(person.hasFault(forRelationshipNamed: "cars"))
        }
    }

    func testRefreshDiscardsOrMergesChanges() throws {
        try onBothStores { stack in
            let context = stack.context
            let person = pedro(in: context)
            try context.save()

            person.name = "Changed"
            context.refresh(person, mergeChanges: false)
            XCTAssertTrue(person.isFault)
            XCTAssertFalse(context.hasChanges)
            XCTAssertEqual(person.name, "Pedro", "\(stack.kind)")

            // Another context saves a new age; a merge keeps our name and takes the new age.
            let other = stack.container.newBackgroundContext()
            try other.performAndWait {
                let copy = other.object(with: person.objectID) as! Person
                copy.age = 41
                try other.save()
            }
            person.name = "Pedro P."
            context.refresh(person, mergeChanges: true)
            XCTAssertEqual(person.name, "Pedro P.", "\(stack.kind)")
            XCTAssertEqual(person.age, 41, "\(stack.kind)")
            XCTAssertTrue(context.hasChanges)
        }
    }

    func testBackgroundContextsWorkOnTheirQueue() throws {
        try onBothStores { stack in
            let done = expectation(description: "saved in the background")
            stack.container.performBackgroundTask { context in
                let person = Person(context: context)
                person.name = "Bea"
                try! context.save()
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
            XCTAssertEqual(try stack.context.fetch(Person.fetchRequest()).map(\.name), ["Bea"], "\(stack.kind)")
        }
    }

    /// Core Data's `perform` ends with `processPendingChanges()`: the block's changes are
    /// announced when it ends, with no save.
    func testAPerformBlockEndsByProcessingItsChanges() throws {
        try onBothStores { stack in
            let background = stack.container.newBackgroundContext()
            let announced = expectation(description: "objects did change")
            /// Written on the context's queue, read once the expectation is met.
            final class Names: @unchecked Sendable { var inserted: [String] = [] }
            let names = Names()
            let observer = NotificationCenter.default.addObserver(
                forName: .managedObjectContextObjectsDidChange, object: background, queue: nil
            ) { notification in
                names.inserted = (notification.userInfo?[InsertedObjectsKey] as? Set<ManagedObject> ?? []).compactMap { ($0 as? Person)?.name }
                announced.fulfill()
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            background.perform {
                let person = Person(context: background)
                person.name = "Bea"
            }
            wait(for: [announced], timeout: 10)
            XCTAssertEqual(names.inserted, ["Bea"], "\(stack.kind)")
            XCTAssertTrue(background.performAndWait { background.hasChanges }, "processed, not saved (\(stack.kind))")
        }
    }

    func testValuesOfEveryTypeRoundTrip() throws {
        struct Settings: Codable, Equatable { var colours: [String]; var volume: Int }
        TransformableTypes.register(Settings.self)
        let entity = EntityDescription(name: "Everything", properties: [
            AttributeDescription(name: "small", type: .integer16), AttributeDescription(name: "medium", type: .integer32),
            AttributeDescription(name: "large", type: .integer64), AttributeDescription(name: "ratio", type: .double),
            AttributeDescription(name: "flag", type: .boolean), AttributeDescription(name: "text", type: .string),
            AttributeDescription(name: "when", type: .date), AttributeDescription(name: "bytes", type: .binaryData),
            AttributeDescription(name: "settings", transformable: Settings.self),
        ])
        let stack = try TestStack(.sqlite, model: ManagedObjectModel(entities: [entity]))
        let object = ManagedObject(entity: entity, insertInto: stack.context)
        let when = Date(timeIntervalSinceReferenceDate: 123_456.5)
        let values: [String: Any] = [
            "small": Int16(-7), "medium": Int32(70_000), "large": Int64(1) << 40, "ratio": 0.25, "flag": true,
            "text": "héllo", "when": when, "bytes": Data([0, 1, 255]), "settings": Settings(colours: ["red"], volume: 3),
        ]
        for (key, value) in values { object.setValue(value, forKey: key) }
        try stack.context.save()
        try stack.reopen()
        let read = try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Everything"))[0]
        XCTAssertEqual(read.value(forKey: "small") as? Int16, -7)
        XCTAssertEqual(read.value(forKey: "medium") as? Int32, 70_000)
        XCTAssertEqual(read.value(forKey: "large") as? Int64, 1 << 40)
        XCTAssertEqual(read.value(forKey: "ratio") as? Double, 0.25)
        XCTAssertEqual(read.value(forKey: "flag") as? Bool, true)
        XCTAssertEqual(read.value(forKey: "text") as? String, "héllo")
        XCTAssertEqual(read.value(forKey: "when") as? Date, when)
        XCTAssertEqual(read.value(forKey: "bytes") as? Data, Data([0, 1, 255]))
        XCTAssertEqual(read.value(forKey: "settings") as? Settings, Settings(colours: ["red"], volume: 3))
    }
}

import Foundation
import XCTest
@testable import ObjectGraph

/// The bookkeeping a bulk insert goes through: inserted objects kept in order with their slots,
/// the registry's run of keys, notifications announcing each insert once, and the save writing
/// every row that is still inserted.
final class BulkInsertTests: XCTestCase {
    func testDeletingMostUnsavedInsertsKeepsTheRestInOrder() throws {
        try onBothStores { stack in
            let context = stack.context
            let cars = (0..<300).map { index -> Car in
                let car = Car(context: context)
                car.make = "Make \(index)"
                car.year = Int32(index)
                return car
            }
            // Enough deletes to compact the inserted objects' slots.
            for car in cars where car.year % 3 != 0 { context.delete(car) }
            let kept = cars.filter { $0.year % 3 == 0 }
            XCTAssertEqual(context.insertedObjects, Set(kept), "\(stack.kind)")
            XCTAssertTrue(kept.allSatisfy(\.isInserted))
            XCTAssertFalse(cars[1].isInserted)
            let more = Car(context: context)
            more.year = 1000
            XCTAssertTrue(more.isInserted)
            XCTAssertEqual(context.insertedObjects.count, 101)

            try context.save()
            XCTAssertTrue(context.insertedObjects.isEmpty)
            XCTAssertFalse(more.isInserted)
            context.reset()
            let request = Car.fetchRequest()
            request.sortDescriptors = [GraphSortDescriptor(key: "year")]
            let years = try context.fetch(request).map(\.year)
            XCTAssertEqual(years, kept.map(\.year) + [1000], "\(stack.kind)")
        }
    }

    func testEachInsertIsAnnouncedOnceAndTheSaveAnnouncesThemAll() throws {
        try onBothStores { stack in
            let context = stack.context
            let recorder = InsertRecorder()
            let changed = NotificationCenter.default.addObserver(forName: .managedObjectContextObjectsDidChange, object: context, queue: nil) {
                recorder.announced.append(InsertRecorder.makes($0))
            }
            let didSave = NotificationCenter.default.addObserver(forName: .managedObjectContextDidSave, object: context, queue: nil) {
                recorder.saved = InsertRecorder.makes($0)
            }
            defer {
                NotificationCenter.default.removeObserver(changed)
                NotificationCenter.default.removeObserver(didSave)
            }
            for make in ["Seat", "Kia", "Fiat"] { Car(context: context).make = make }
            context.processPendingChanges()
            let dropped = Car(context: context)
            dropped.make = "Opel"
            context.delete(dropped)
            Car(context: context).make = "Audi"
            try context.save()
            XCTAssertEqual(recorder.announced.first, ["Seat", "Kia", "Fiat"], "\(stack.kind)")
            XCTAssertEqual(recorder.announced.last, ["Audi"], "only the insert since the last announcement, \(stack.kind)")
            XCTAssertEqual(recorder.saved, ["Seat", "Kia", "Fiat", "Audi"], "\(stack.kind)")
        }
    }

    func testSlotsCompactedAfterAnAnnouncementAnnounceOnlyTheNewInserts() throws {
        let stack = try TestStack(.inMemory)
        let context = stack.context
        let recorder = InsertRecorder()
        let changed = NotificationCenter.default.addObserver(forName: .managedObjectContextObjectsDidChange, object: context, queue: nil) {
            recorder.announced.append(InsertRecorder.makes($0))
        }
        defer { NotificationCenter.default.removeObserver(changed) }
        let first = (0..<100).map { index -> Car in
            let car = Car(context: context)
            car.make = "old \(index)"
            return car
        }
        context.processPendingChanges()
        for index in 0..<30 { Car(context: context).make = "new \(index)" }
        // Enough deletes of announced objects to compact the slots while some are unannounced.
        for car in first.prefix(90) { context.delete(car) }
        Car(context: context).make = "last"
        context.processPendingChanges()
        XCTAssertEqual(recorder.announced.count, 2)
        XCTAssertEqual(recorder.announced.last, Set((0..<30).map { "new \($0)" } + ["last"]))
        XCTAssertEqual(context.insertedObjects.count, 41)
    }

    func testObjectsStayUniqueWhenAnotherContextTakesKeysInBetween() throws {
        try onBothStores { stack in
            let context = stack.context
            let other = stack.container.newBackgroundContext()
            var mine: [Car] = []
            for index in 0..<40 {
                let car = Car(context: context)
                car.year = Int32(index)
                mine.append(car)
                // Keys come from the store, so the other context's inserts leave gaps in ours.
                if index % 7 == 0 { other.performAndWait { Car(context: other).year = -1 } }
            }
            for car in mine { XCTAssertTrue(context.object(with: car.objectID) === car, "\(stack.kind)") }
            try context.save()
            try other.performAndWait { try other.save() }
            for car in mine { XCTAssertTrue(context.object(with: car.objectID) === car, "after the save, \(stack.kind)") }
            let request = Car.fetchRequest()
            request.predicate = GraphPredicate(format: "year >= 0")
            XCTAssertEqual(Set(try context.fetch(request)), Set(mine), "the fetch finds the registered objects, \(stack.kind)")
            XCTAssertEqual(try context.count(for: Car.fetchRequest()), 46)
        }
    }

    func testFetchedObjectsThenABulkInsertStayUnique() throws {
        try onBothStores { stack in
            let context = stack.context
            for index in 0..<5 { Car(context: context).year = Int32(index) }
            try context.save()
            context.reset()
            let request = Car.fetchRequest()
            request.sortDescriptors = [GraphSortDescriptor(key: "year", ascending: false)]
            let fetched = try context.fetch(request)
            let inserted = (0..<50).map { index -> Car in
                let car = Car(context: context)
                car.year = Int32(100 + index)
                return car
            }
            XCTAssertEqual(context.registeredObjects.count, 55, "\(stack.kind)")
            for car in fetched + inserted { XCTAssertTrue(context.object(with: car.objectID) === car, "\(stack.kind)") }
            context.delete(fetched[0])
            try context.save()
            XCTAssertEqual(context.registeredObjects.count, 54, "\(stack.kind)")
            XCTAssertEqual(try context.count(for: Car.fetchRequest()), 54)
        }
    }

    func testAnObjectOutlivingItsContextHasNoContext() throws {
        let stack = try TestStack(.inMemory)
        var context: ManagedObjectContext? = stack.container.newBackgroundContext()
        var car: Car?
        context!.performAndWait { car = Car(context: context!) }
        XCTAssertTrue(car?.managedObjectContext === context)
        context = nil
        XCTAssertNil(car?.managedObjectContext)
    }

    func testEntitiesWithoutRulesDoNotHideAnotherEntitysBrokenRule() throws {
        try onBothStores { stack in
            let context = stack.context
            for index in 0..<10 { Car(context: context).year = Int32(index) }
            let nameless = Person(context: context)
            XCTAssertThrowsError(try context.save(), "\(stack.kind)") { error in
                XCTAssertEqual((error as NSError).code, CocoaError.Code.validationMissingMandatoryProperty.rawValue)
                XCTAssertTrue((error as NSError).userInfo[ValidationObjectErrorKey] as? ManagedObject === nameless)
            }
            nameless.name = "Ana"
            XCTAssertNoThrow(try context.save())
        }
    }
}

/// The makes of the cars each notification announced as inserted; notifications are delivered
/// on the posting thread, the test's own.
private final class InsertRecorder: @unchecked Sendable {
    var announced: [Set<String>] = []
    var saved: Set<String> = []

    static func makes(_ notification: Notification) -> Set<String> {
        Set((notification.userInfo?[InsertedObjectsKey] as? Set<ManagedObject> ?? []).compactMap { ($0 as? Car)?.make })
    }
}

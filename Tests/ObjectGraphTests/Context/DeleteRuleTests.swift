import Foundation
import XCTest
@testable import ObjectGraph

final class DeleteRuleTests: XCTestCase {
    /// Pedro with two cars, saved; the `cars` relationship uses `rule`.
    private func garage(_ kind: StoreType, _ rule: DeleteRule) throws -> (TestStack, Person) {
        let stack = try TestStack(kind, model: GarageModel.make(carsRule: rule))
        let pedro = Person(context: stack.context)
        pedro.name = "Pedro"
        for make in ["Seat", "Fiat"] {
            let car = Car(context: stack.context)
            car.make = make
            car.owner = pedro
        }
        try stack.context.save()
        return (stack, pedro)
    }

    func testCascadeDeletesTheRelatedObjects() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let (stack, pedro) = try garage(kind, .cascade)
            stack.context.delete(pedro)
            try stack.context.save()
            stack.context.reset()
            XCTAssertEqual(try stack.context.count(for: Car.fetchRequest()), 0, "\(kind)")
            XCTAssertEqual(try stack.context.count(for: Person.fetchRequest()), 0, "\(kind)")
        }
    }

    func testNullifyKeepsTheRelatedObjectsWithoutTheDeletedOne() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let (stack, pedro) = try garage(kind, .nullify)
            let cars = pedro.cars
            stack.context.delete(pedro)
            stack.context.processPendingChanges()
            XCTAssertTrue(cars.allSatisfy { $0.owner == nil }, "nullified before the save (\(kind))")
            try stack.context.save()
            stack.context.reset()
            let saved = try stack.context.fetch(Car.fetchRequest())
            XCTAssertEqual(saved.count, 2, "\(kind)")
            XCTAssertTrue(saved.allSatisfy { $0.owner == nil }, "\(kind)")
        }
    }

    func testDenyFailsTheSaveWith1600WhileObjectsRemain() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let (stack, pedro) = try garage(kind, .deny)
            stack.context.delete(pedro)
            XCTAssertThrowsError(try stack.context.save()) { error in
                XCTAssertEqual((error as NSError).code, 1600, "\(kind)")
                XCTAssertEqual((error as NSError).userInfo[ValidationKeyErrorKey] as? String, "cars")
            }
            stack.context.rollback()
            for car in pedro.cars { stack.context.delete(car) }
            stack.context.delete(pedro)
            XCTAssertNoThrow(try stack.context.save(), "with no cars left, the delete is allowed (\(kind))")
            XCTAssertEqual(try stack.context.count(for: Person.fetchRequest()), 0)
        }
    }

    func testNoActionLeavesTheOtherSidePointingAtTheDeletedObject() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let (stack, pedro) = try garage(kind, .noAction)
            let car = pedro.cars.first!
            stack.context.delete(pedro)
            try stack.context.save()
            XCTAssertEqual((car.committedValues(forKeys: ["owner"])["owner"] as? ManagedObject)?.objectID, pedro.objectID, "\(kind)")
            XCTAssertEqual((car.value(forKey: "owner") as? ManagedObject)?.objectID, pedro.objectID, "the car still refers to the deleted person (\(kind))")
        }
    }
}

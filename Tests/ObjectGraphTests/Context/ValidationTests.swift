import Foundation
import XCTest
@testable import ObjectGraph

final class ValidationTests: XCTestCase {
    private func saveError(_ context: ManagedObjectContext) -> NSError? {
        do {
            try context.save()
            return nil
        } catch {
            return error as NSError
        }
    }

    private func person(_ context: ManagedObjectContext, name: String? = "Pedro") -> Person {
        let person = Person(context: context)
        person.name = name
        return person
    }

    func testAMissingRequiredValueFailsTheSaveWith1570AndTheObjectAndKey() throws {
        try onBothStores { stack in
            let nameless = person(stack.context, name: nil)
            nameless.name = nil
            let error = try XCTUnwrap(saveError(stack.context))
            XCTAssertEqual(error.domain, NSCocoaErrorDomain)
            XCTAssertEqual(error.code, 1570)
            XCTAssertEqual(error.code, CocoaError.Code.validationMissingMandatoryProperty.rawValue)
            XCTAssertEqual(error.userInfo[ValidationKeyErrorKey] as? String, "name")
            XCTAssertTrue(error.userInfo[ValidationObjectErrorKey] as? ManagedObject === nameless)
            XCTAssertEqual(error.localizedDescription, "Person: name is a required value.")
            XCTAssertTrue(stack.context.hasChanges, "a failed save keeps the changes")
            let saved = Person.fetchRequest()
            saved.includesPendingChanges = false
            XCTAssertEqual(try stack.context.count(for: saved), 0, "nothing reached the store (\(stack.kind))")
        }
    }

    func testDefaultsAreSetAtInsertSoARequiredAttributeWithADefaultPasses() throws {
        try onBothStores { stack in
            let person = person(stack.context)
            XCTAssertEqual(person.age, 18)
            XCTAssertNil(saveError(stack.context))
        }
    }

    func testEachRuleHasCoreDatasCode() throws {
        let cases: [(String, (Person) -> Void, Int)] = [
            ("number too small", { $0.age = 17 }, 1620),
            ("number too large", { $0.age = 101 }, 1610),
            ("string too short", { $0.name = "P" }, 1670),
            ("string too long", { $0.name = String(repeating: "x", count: 21) }, 1660),
            ("pattern", { $0.email = "not an address" }, 1680),
        ]
        for (label, breakIt, code) in cases {
            let stack = try TestStack(.sqlite)
            let person = person(stack.context)
            XCTAssertNil(saveError(stack.context), label)
            breakIt(person)
            XCTAssertEqual(saveError(stack.context)?.code, code, label)
            XCTAssertEqual(saveError(stack.context)?.userInfo[ValidationValueErrorKey] != nil, true, label)
        }
    }

    func testDatesOutsideTheirBoundsFailWith1640And1630() throws {
        let born = AttributeDescription(name: "born", type: .date)
        born.minDate = Date(timeIntervalSinceReferenceDate: 0)
        born.maxDate = Date(timeIntervalSinceReferenceDate: 1000)
        let entity = EntityDescription(name: "Birth", properties: [born])
        let stack = try TestStack(.inMemory, model: ManagedObjectModel(entities: [entity]))
        let object = ManagedObject(entity: entity, insertInto: stack.context)
        object.setValue(Date(timeIntervalSinceReferenceDate: -1), forKey: "born")
        XCTAssertEqual(saveError(stack.context)?.code, 1640)
        object.setValue(Date(timeIntervalSinceReferenceDate: 1001), forKey: "born")
        XCTAssertEqual(saveError(stack.context)?.code, 1630)
        object.setValue(Date(timeIntervalSinceReferenceDate: 500), forKey: "born")
        XCTAssertNil(saveError(stack.context))
    }

    func testSeveralProblemsAre1560WithEveryDetailedError() throws {
        try onBothStores { stack in
            let first = person(stack.context, name: "P")
            first.age = 5
            _ = person(stack.context, name: nil)
            let error = try XCTUnwrap(saveError(stack.context))
            XCTAssertEqual(error.code, 1560)
            let details = try XCTUnwrap(error.userInfo[DetailedErrorsKey] as? [NSError])
            XCTAssertEqual(details.map(\.code).sorted(), [1570, 1620, 1670], "\(stack.kind)")
        }
    }

    func testRelationshipCountsAreChecked() throws {
        let owner = RelationshipDescription(name: "owner", destination: "Owner", inverse: "pets", isOptional: false)
        let pets = RelationshipDescription(name: "pets", destination: "Pet", inverse: "owner", toMany: true, minCount: 2, maxCount: 3)
        let model = ManagedObjectModel(entities: [
            EntityDescription(name: "Owner", properties: [pets]), EntityDescription(name: "Pet", properties: [owner]),
        ])
        try onBothStoresWith(model) { stack in
            let context = stack.context
            let ownerObject = ManagedObject(entity: model.entitiesByName["Owner"]!, insertInto: context)
            let pet = ManagedObject(entity: model.entitiesByName["Pet"]!, insertInto: context)
            XCTAssertEqual(saveError(context)?.code, 1570, "a required to-one relationship left nil")
            pet.setValue(ownerObject, forKey: "owner")
            XCTAssertEqual(saveError(context)?.code, 1580, "one pet, two needed")
            for _ in 0..<3 {
                ManagedObject(entity: model.entitiesByName["Pet"]!, insertInto: context).setValue(ownerObject, forKey: "owner")
            }
            XCTAssertEqual(saveError(context)?.code, 1590, "four pets, three allowed")
            context.delete(pet)
            XCTAssertNil(saveError(context), "\(stack.kind)")
        }
    }
}

func onBothStoresWith(_ model: ManagedObjectModel, _ body: (TestStack) throws -> Void) throws {
    for kind in [StoreType.sqlite, .inMemory] { try body(TestStack(kind, model: model)) }
}

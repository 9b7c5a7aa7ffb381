import Foundation
import XCTest
@testable import ObjectGraph

final class ManagedObjectModelTests: XCTestCase {
    func testARelationshipWithoutAnInverseIsAWarningAsInXcode() {
        let model = ManagedObjectModel(entities: [
            EntityDescription(name: "Person", properties: [RelationshipDescription(name: "cars", destination: "Car", toMany: true)]),
            EntityDescription(name: "Car", properties: [AttributeDescription(name: "make", type: .string)]),
        ])
        XCTAssertEqual(model.warnings, ["Person.cars should have an inverse."])
        XCTAssertEqual(model.problems, [])
    }

    func testContradictionsAreProblemsThatStopTheStoreLoading() throws {
        let model = ManagedObjectModel(entities: [
            EntityDescription(name: "Person", properties: [
                RelationshipDescription(name: "cars", destination: "Car", inverse: "driver", toMany: true),
                RelationshipDescription(name: "pets", destination: "Pet", inverse: "owner", toMany: true),
                AttributeDescription(name: "name", type: .string), AttributeDescription(name: "Name", type: .string),
            ]),
            EntityDescription(name: "Car", properties: [RelationshipDescription(name: "owner", destination: "Person", inverse: "cars")]),
        ])
        XCTAssertEqual(model.problems, [
            "Person has two properties named Name (names differing only in case count as one).",
            "Person.cars: the inverse Car.driver does not exist.",
            "Person.pets: the destination entity Pet does not exist.",
            "Car.owner and Person.cars must name each other as inverses.",
        ])
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        XCTAssertThrowsError(try coordinator.addPersistentStore(with: PersistentStoreDescription(type: .inMemory))) { error in
            guard case ObjectGraphError.invalidModel(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.count, 4)
        }
    }

    func testTheVersionHashIgnoresValidationRulesButNotStructure() {
        func model(_ configure: (AttributeDescription) -> Void) -> ManagedObjectModel {
            let name = AttributeDescription(name: "name", type: .string)
            configure(name)
            return ManagedObjectModel(entities: [EntityDescription(name: "Person", properties: [name])])
        }
        let plain = model { _ in }
        XCTAssertEqual(plain.versionHash, model { $0.maxLength = 5; $0.defaultValue = "x" }.versionHash)
        XCTAssertNotEqual(plain.versionHash, model { $0.isOptional = false }.versionHash)
        XCTAssertNotEqual(plain.versionHash, model { $0.attributeType = .binaryData }.versionHash)
    }

    func testTheSchemaFollowsCoreDatasNaming() {
        let model = ManagedObjectModel(entities: [
            EntityDescription(name: "Race", properties: [
                AttributeDescription(name: "name", type: .string), AttributeDescription(name: "code", type: .integer16),
                RelationshipDescription(name: "types", destination: "Type", inverse: "races", toMany: true),
                RelationshipDescription(name: "pokemons", destination: "Pokemon", inverse: "race", toMany: true),
            ]),
            EntityDescription(name: "Type", properties: [
                AttributeDescription(name: "name", type: .string),
                RelationshipDescription(name: "races", destination: "Race", inverse: "types", toMany: true),
            ]),
            EntityDescription(name: "Pokemon", properties: [
                AttributeDescription(name: "caught", type: .date),
                RelationshipDescription(name: "race", destination: "Race", inverse: "pokemons"),
            ]),
        ])
        XCTAssertEqual(StoreSchema.createStatements(for: model), [
            "CREATE TABLE ZRACE (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER, ZNAME TEXT, ZCODE INTEGER)",
            "CREATE TABLE Z_RACE_TYPES (Z_RACE INTEGER NOT NULL, Z_TYPES INTEGER NOT NULL, PRIMARY KEY (Z_RACE, Z_TYPES))",
            "CREATE INDEX Z_RACE_TYPES_Z_TYPES_INDEX ON Z_RACE_TYPES (Z_TYPES)",
            "CREATE TABLE ZTYPE (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER, ZNAME TEXT)",
            "CREATE TABLE ZPOKEMON (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER, ZCAUGHT REAL, ZRACE INTEGER)",
            "CREATE INDEX ZPOKEMON_ZRACE_INDEX ON ZPOKEMON (ZRACE)",
        ])
        let races = model.entitiesByName["Type"]!.relationshipsByName["races"]!
        XCTAssertEqual(StoreSchema.joinTable(races), StoreSchema.JoinTable(
            name: "Z_RACE_TYPES", sourceColumn: "Z_TYPES", destinationColumn: "Z_RACE", isOwningSide: false))
    }

    func testPrivateContextsKnowWhenTheyAreOnTheirQueue() throws {
        let stack = try TestStack(.inMemory)
        let background = stack.container.newBackgroundContext()
        XCTAssertFalse(background.isOnQueue, "the test runs on the main thread, not the context's queue")
        XCTAssertTrue(background.performAndWait { background.isOnQueue })
        XCTAssertTrue(stack.context.isOnQueue, "the view context belongs to the main thread")
    }

    func testAContextMadeWhereAGoneMainQueueContextWasIsNotOnTheMainThreadsQueue() {
        // A context and its queue key are often made at the addresses a context just gone had.
        // Nothing that context left on the shared main queue may make a new one believe the main
        // thread is on its queue (performAndWait would then run its block here, off its queue).
        var mistaken = 0
        for _ in 0..<200 {
            do { _ = ManagedObjectContext(concurrencyType: .mainQueue) }
            let background = ManagedObjectContext(concurrencyType: .privateQueue)
            if background.isOnQueue { mistaken += 1 }
        }
        XCTAssertEqual(mistaken, 0, "background contexts that believed the main thread was on their queue")
    }
}

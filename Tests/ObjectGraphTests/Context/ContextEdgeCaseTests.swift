import Foundation
import SQLite3
import XCTest
@testable import ObjectGraph

/// Paths off the main road: unsaved changes seen through a relationship to the same entity,
/// rollback and refresh after relationship faults, failed saves, and stores that are not ours.
final class ContextEdgeCaseTests: XCTestCase {
    func testAnUnsavedChangeIsSeenThroughARelationshipToTheSameEntity() throws {
        try onBothStores { stack in
            let context = stack.context
            let ana = Person(context: context)
            ana.name = "Ana"
            let bob = Person(context: context)
            bob.name = "Bob"
            ana.spouse = bob
            try context.save()
            bob.name = "Zed"
            let request = Person.fetchRequest()
            request.predicate = GraphPredicate(format: "spouse.name == %@", "Zed")
            XCTAssertEqual(try context.fetch(request).compactMap(\.name), ["Ana"], "\(stack.kind)")
        }
    }

    func testRollbackForgetsAnInsertEvenInASetLoadedWhileItPointedThere() throws {
        try onBothStores { stack in
            let context = stack.context
            let pedro = Person(context: context)
            pedro.name = "Pedro"
            try context.save()
            let car = Car(context: context)
            car.owner = pedro
            context.refresh(pedro, mergeChanges: false)
            XCTAssertEqual(pedro.cars.count, 1, "the reloaded set includes the unsaved car")
            context.rollback()
            XCTAssertEqual(pedro.cars.count, 0, "\(stack.kind)")
        }
    }

    func testAMergingRefreshKeepsManyToManyRemovals() throws {
        try onBothStores { stack in
            let context = stack.context
            let pedro = Person(context: context)
            pedro.name = "Pedro"
            let first = Tag(context: context)
            first.label = "a"
            let second = Tag(context: context)
            second.label = "b"
            pedro.tags = [first, second]
            try context.save()
            pedro.tags = [first]
            context.refresh(pedro, mergeChanges: true)
            context.refresh(second, mergeChanges: true)
            try context.save()
            context.reset()
            XCTAssertEqual(try context.fetch(Person.fetchRequest())[0].tags.compactMap(\.label), ["a"], "\(stack.kind)")
        }
    }

    func testDefaultValuesHaveTheAttributesType() throws {
        let entity = EntityDescription(name: "Item", properties: [AttributeDescription(name: "count", type: .integer16, defaultValue: 5)])
        try onBothStoresWith(ManagedObjectModel(entities: [entity])) { stack in
            let item = ManagedObject(entity: entity, insertInto: stack.context)
            XCTAssertEqual(item.value(forKey: "count") as? Int16, 5, "\(stack.kind)")
        }
    }

    func testSavingAChangedNameReadsNoRelationships() throws {
        let stack = try TestStack(.sqlite)
        for index in 0..<5 {
            Person(context: stack.context).name = "P\(index)"
        }
        try stack.context.save()
        stack.context.reset()
        for person in try stack.context.fetch(Person.fetchRequest()) { person.name! += "x" }
        stack.sqlLines = []
        try stack.context.save()
        XCTAssertEqual(stack.sqlLines.filter { $0.contains("SELECT") }, [], "optional relationships without bounds need no loading")
    }

    func testASaveThatFailsInTheStoreWritesNothingAndCanBeRetried() throws {
        let stack = try TestStack(.sqlite)
        var database: OpaquePointer?
        sqlite3_open(stack.storeURL.path, &database)
        defer { sqlite3_close(database) }
        XCTAssertEqual(sqlite3_exec(database, "CREATE TRIGGER refuse BEFORE INSERT ON ZCAR BEGIN SELECT RAISE(ABORT, 'refused'); END", nil, nil, nil), SQLITE_OK)
        let pedro = Person(context: stack.context)
        pedro.name = "Pedro"
        Car(context: stack.context).owner = pedro
        XCTAssertThrowsError(try stack.context.save()) { error in
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
        }
        XCTAssertTrue(stack.context.hasChanges)
        XCTAssertTrue(pedro.objectID.isTemporaryID)
        let saved = Person.fetchRequest()
        saved.includesPendingChanges = false
        XCTAssertEqual(try stack.context.count(for: saved), 0, "the person's insert was rolled back with the car's")

        sqlite3_exec(database, "DROP TRIGGER refuse", nil, nil, nil)
        try stack.context.save()
        try stack.reopen()
        XCTAssertEqual(try stack.context.fetch(Car.fetchRequest()).first?.owner?.name, "Pedro")
    }

    func testDatabasesObjectGraphDidNotMakeOrCannotReadAreRefusedWithAReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("objectgraph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let metadata = "CREATE TABLE Z_METADATA (Z_VERSION INTEGER, Z_UUID TEXT, Z_MODEL TEXT)"
        let cases = [
            ("foreign", "CREATE TABLE t (x)", "did not make"),
            ("empty", metadata, "empty or damaged"),
            ("unreadable", metadata + "; INSERT INTO Z_METADATA VALUES (1, 'u', '{')", "recorded model cannot be read"),
        ]
        for (name, sql, reason) in cases {
            let url = folder.appendingPathComponent("\(name).sqlite")
            var database: OpaquePointer?
            sqlite3_open(url.path, &database)
            sqlite3_exec(database, sql, nil, nil, nil)
            sqlite3_close(database)
            let container = PersistentContainer(name: name, managedObjectModel: GarageModel.make())
            container.persistentStoreDescriptions = [PersistentStoreDescription(url: url)]
            var failure: Error?
            container.loadPersistentStores { _, error in failure = error }
            XCTAssertTrue(failure.map { "\($0)".contains(reason) } ?? false, "\(name): \(failure.map { "\($0)" } ?? "no error")")
        }
    }

    func testExistingObjectRefusesAnotherStoresID() throws {
        // One model for two stores: the entities are the same objects, and so are the keys.
        let model = GarageModel.make()
        let first = try TestStack(.inMemory, model: model)
        let second = try TestStack(.inMemory, model: model)
        let theirs = Car(context: first.context)
        try first.context.save()
        let ours = Car(context: second.context)
        try second.context.save()
        XCTAssertEqual(theirs.objectID.primaryKey, ours.objectID.primaryKey)
        XCTAssertThrowsError(try second.context.existingObject(with: theirs.objectID)) { error in
            XCTAssertEqual((error as NSError).code, 133000)
        }
    }
}

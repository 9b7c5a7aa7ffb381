import Foundation
import XCTest
@testable import ObjectGraph

final class LightweightMigrationTests: XCTestCase {
    private let garageFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Garage.yml")

    /// A SQLite stack on model v1 of Garage.yml with Pedro and his Seat saved.
    private func savedOnVersion1() throws -> TestStack {
        let stack = try TestStack(.sqlite, model: ManagedObjectModel(contentsOf: garageFile, version: "v1"))
        let person = ManagedObject(entity: stack.model.entitiesByName["Person"]!, insertInto: stack.context)
        person.setValue("Pedro", forKey: "name")
        let car = ManagedObject(entity: stack.model.entitiesByName["Car"]!, insertInto: stack.context)
        car.setValue("Seat León", forKey: "make")
        car.setValue(2005, forKey: "year")
        car.setValue(person, forKey: "owner")
        try stack.context.save()
        return stack
    }

    func testAddingAnOptionalAttributeKeepsTheData() throws {
        let stack = try savedOnVersion1()
        try stack.reopen(model: ManagedObjectModel(contentsOf: garageFile, version: "v2"))
        let car = try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Car"))[0]
        XCTAssertEqual(car.value(forKey: "make") as? String, "Seat León")
        XCTAssertNil(car.value(forKey: "licencePlate"))
        XCTAssertEqual((car.value(forKey: "owner") as? ManagedObject)?.value(forKey: "name") as? String, "Pedro")
        car.setValue("1234 ABC", forKey: "licencePlate")
        try stack.context.save()
        try stack.reopen(model: ManagedObjectModel(contentsOf: garageFile, version: "v2"))
        let reread = try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Car"))[0]
        XCTAssertEqual(reread.value(forKey: "licencePlate") as? String, "1234 ABC", "the migrated store takes new values")
    }

    func testWithoutMigrationAnIncompatibleStoreFailsWith134100() throws {
        let stack = try savedOnVersion1()
        stack.container.persistentStoreCoordinator.removePersistentStores()
        let container = PersistentContainer(name: "Garage", managedObjectModel: try ManagedObjectModel(contentsOf: garageFile, version: "v2"))
        let description = PersistentStoreDescription(url: stack.storeURL)
        description.shouldMigrateStoreAutomatically = false
        container.persistentStoreDescriptions = [description]
        var failure: NSError?
        container.loadPersistentStores { _, error in failure = error as NSError? }
        XCTAssertEqual(failure?.code, 134100)
        XCTAssertEqual(failure?.code, PersistentStoreIncompatibleVersionHashError)
        XCTAssertTrue(failure?.localizedDescription.contains("incompatible") ?? false)
    }

    func testAVersionChangedInPlaceLeavesNoSourceModel134130() throws {
        let stack = try savedOnVersion1()
        // Garage.yml as a student might change it: v1 edited in place to hold v2's licencePlate,
        // no new version added.
        let text = try String(contentsOf: garageFile, encoding: .utf8)
        let v2 = try XCTUnwrap(text.range(of: "  v2:\n"))
        let edited = text[..<text.range(of: "  v1:\n")!.lowerBound] + "  v1:\n" + text[v2.upperBound...]
        let editedFile = stack.folder.appendingPathComponent("Edited.yml")
        try String(edited).write(to: editedFile, atomically: true, encoding: .utf8)
        let model = try ManagedObjectModel(contentsOf: editedFile)
        XCTAssertNotNil(model.entitiesByName["Car"]?.attributesByName["licencePlate"])

        XCTAssertThrowsError(try stack.reopen(model: model)) { error in
            XCTAssertEqual((error as NSError).code, 134130)
            XCTAssertTrue((error as NSError).localizedDescription.contains("source store"))
        }
        // Without migration, Core Data's answer comes first: the store is incompatible.
        let container = PersistentContainer(name: "Garage", managedObjectModel: try ManagedObjectModel(contentsOf: editedFile))
        let description = PersistentStoreDescription(url: stack.storeURL)
        description.shouldMigrateStoreAutomatically = false
        container.persistentStoreDescriptions = [description]
        var failure: NSError?
        container.loadPersistentStores { _, error in failure = error as NSError? }
        XCTAssertEqual(failure?.code, 134100)
        // The file with both versions still migrates the same store, and a model made in code
        // migrates from whatever model the store recorded.
        try stack.reopen(model: ManagedObjectModel(contentsOf: garageFile, version: "v2"))
        XCTAssertEqual(try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Car")).count, 1)
        XCTAssertNil(ManagedObjectModel(entities: []).knownVersionHashes)
    }

    /// One entity `Item` in two versions, with a row saved on the first.
    private func migrate(_ first: [PropertyDescription], _ second: [PropertyDescription], entityName: String = "Item",
                         renamingIdentifier: String? = nil, fill: (ManagedObject) -> Void) throws -> ManagedObject {
        let stack = try migratedStack(first, second, entityName: entityName, renamingIdentifier: renamingIdentifier, fill: fill)
        keptStacks.append(stack)
        return try stack.context.fetch(FetchRequest<ManagedObject>(entityName: entityName))[0]
    }

    /// Objects need their context alive, which needs its stack.
    private var keptStacks: [TestStack] = []

    /// XCTest keeps every test's instance until the process ends: let the stacks (and their
    /// store folders) go with the test.
    override func tearDown() {
        keptStacks = []
        super.tearDown()
    }

    private func migratedStack(_ first: [PropertyDescription], _ second: [PropertyDescription], entityName: String,
                               renamingIdentifier: String?, fill: (ManagedObject) -> Void) throws -> TestStack {
        let stack = try TestStack(.sqlite, model: ManagedObjectModel(entities: [EntityDescription(name: "Item", properties: first)]))
        let item = ManagedObject(entity: stack.model.entitiesByName["Item"]!, insertInto: stack.context)
        fill(item)
        try stack.context.save()
        let entity = EntityDescription(name: entityName, properties: second, renamingIdentifier: renamingIdentifier)
        try stack.reopen(model: ManagedObjectModel(entities: [entity], versionIdentifier: "2"))
        return stack
    }

    func testRenamingAnAttributeOrEntityKeepsItsValues() throws {
        let item = try migrate(
            [AttributeDescription(name: "title", type: .string)],
            [AttributeDescription(name: "name", type: .string, renamingIdentifier: "title")],
            entityName: "Thing", renamingIdentifier: "Item"
        ) { $0.setValue("kept", forKey: "title") }
        XCTAssertEqual(item.value(forKey: "name") as? String, "kept")
    }

    func testOptionalBecomesRequiredOnlyWithADefault() throws {
        let item = try migrate(
            [AttributeDescription(name: "title", type: .string), AttributeDescription(name: "count", type: .integer32)],
            [AttributeDescription(name: "title", type: .string, isOptional: false, defaultValue: "untitled"),
             AttributeDescription(name: "count", type: .integer32)]
        ) { $0.setValue(3, forKey: "count") }
        XCTAssertEqual(item.value(forKey: "title") as? String, "untitled", "rows without a value get the default")
        XCTAssertEqual(item.value(forKey: "count") as? Int32, 3)

        XCTAssertThrowsError(try migrate(
            [AttributeDescription(name: "title", type: .string)],
            [AttributeDescription(name: "title", type: .string, isOptional: false)]
        ) { _ in }) { error in
            XCTAssertEqual((error as NSError).code, 134140)
            XCTAssertTrue((error as NSError).localizedDescription.contains("Item.title becomes required without a default value"),
                (error as NSError).localizedDescription)
        }
    }

    func testANewRequiredAttributeNeedsADefaultAndAChangedTypeCannotMigrate() throws {
        let added = try migrate(
            [AttributeDescription(name: "title", type: .string)],
            [AttributeDescription(name: "title", type: .string), AttributeDescription(name: "stock", type: .integer16, isOptional: false, defaultValue: 5)]
        ) { $0.setValue("x", forKey: "title") }
        XCTAssertEqual(added.value(forKey: "stock") as? Int16, 5)

        XCTAssertThrowsError(try migrate(
            [AttributeDescription(name: "title", type: .string)],
            [AttributeDescription(name: "title", type: .integer64)]
        ) { _ in }) { error in
            XCTAssertTrue((error as NSError).localizedDescription.contains("changes type from string to integer64"))
        }
    }

    func testRemovingAnAttributeAndAddingEntitiesAndRelationships() throws {
        let first = ManagedObjectModel(entities: [EntityDescription(name: "Item", properties: [
            AttributeDescription(name: "title", type: .string), AttributeDescription(name: "obsolete", type: .string),
        ])])
        let stack = try TestStack(.sqlite, model: first)
        let item = ManagedObject(entity: first.entitiesByName["Item"]!, insertInto: stack.context)
        item.setValue("a", forKey: "title")
        item.setValue("gone", forKey: "obsolete")
        try stack.context.save()

        let second = ManagedObjectModel(entities: [
            EntityDescription(name: "Item", properties: [
                AttributeDescription(name: "title", type: .string),
                RelationshipDescription(name: "shelf", destination: "Shelf", inverse: "items"),
                RelationshipDescription(name: "labels", destination: "Label", inverse: "items", toMany: true),
            ]),
            EntityDescription(name: "Shelf", properties: [
                RelationshipDescription(name: "items", destination: "Item", inverse: "shelf", toMany: true)]),
            EntityDescription(name: "Label", properties: [
                AttributeDescription(name: "text", type: .string),
                RelationshipDescription(name: "items", destination: "Item", inverse: "labels", toMany: true)]),
        ], versionIdentifier: "2")
        try stack.reopen(model: second)
        let migrated = try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Item"))[0]
        XCTAssertEqual(migrated.value(forKey: "title") as? String, "a")
        let shelf = ManagedObject(entity: second.entitiesByName["Shelf"]!, insertInto: stack.context)
        let label = ManagedObject(entity: second.entitiesByName["Label"]!, insertInto: stack.context)
        migrated.setValue(shelf, forKey: "shelf")
        migrated.mutableSetValue(forKey: "labels").add(label)
        try stack.context.save()
        try stack.reopen(model: second)
        let reread = try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Item"))[0]
        XCTAssertNotNil(reread.value(forKey: "shelf") as? ManagedObject)
        XCTAssertEqual((reread.value(forKey: "labels") as? Set<ManagedObject>)?.count, 1)

        // And back: removing the entities drops their tables, the store opens again.
        try stack.reopen(model: first)
        XCTAssertEqual(try stack.context.count(for: FetchRequest<ManagedObject>(entityName: "Item")), 1)
    }
}

extension LightweightMigrationTests {
    func testLinksThatWouldMoveFromAJoinTableToAForeignKeyRefuseTheMigration() throws {
        func model(inverse: Bool, version: String) -> ManagedObjectModel {
            var tag: [PropertyDescription] = [AttributeDescription(name: "label", type: .string)]
            if inverse { tag.append(RelationshipDescription(name: "person", destination: "Person", inverse: "tags")) }
            return ManagedObjectModel(entities: [
                EntityDescription(name: "Person", properties: [
                    RelationshipDescription(name: "tags", destination: "Tag", inverse: inverse ? "person" : nil, toMany: true)]),
                EntityDescription(name: "Tag", properties: tag),
            ], versionIdentifier: version)
        }
        let first = model(inverse: false, version: "1")
        let stack = try TestStack(.sqlite, model: first)
        let person = ManagedObject(entity: first.entitiesByName["Person"]!, insertInto: stack.context)
        person.mutableSetValue(forKey: "tags").add(ManagedObject(entity: first.entitiesByName["Tag"]!, insertInto: stack.context))
        try stack.context.save()
        XCTAssertThrowsError(try stack.reopen(model: model(inverse: true, version: "2"))) { error in
            XCTAssertEqual((error as NSError).code, 134140)
            XCTAssertTrue((error as NSError).localizedDescription.contains("Person.tags moves from a join table to a foreign key"), (error as NSError).localizedDescription)
        }
        try stack.reopen(model: first)
        let reread = try stack.context.fetch(FetchRequest<ManagedObject>(entityName: "Person"))[0]
        XCTAssertEqual((reread.value(forKey: "tags") as? Set<ManagedObject>)?.count, 1, "the refused migration left the store as it was")
    }
}

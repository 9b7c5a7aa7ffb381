import Foundation
import XCTest
@testable import ObjectGraph

/// Code written for Core Data, with only the `NS` prefixes removed, compiles and behaves as it does there.
final class CoreDataSpellingTests: XCTestCase {
    private let garageFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Garage.yml")
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("objectgraph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The stack as it was written before `NSPersistentContainer`, and the calls that go with it.
    func testAStackBuiltByHandInsertsByEntityNameAndFetchesByEntity() throws {
        let model = GarageModel.make()
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        let url = folder.appendingPathComponent("Garage.sqlite")
        let options = [MigratePersistentStoresAutomaticallyOption: true, InferMappingModelAutomaticallyOption: true]
        try coordinator.addPersistentStore(ofType: SQLiteStoreType, configurationName: nil, at: url, options: options)
        let context = ManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator

        let pedro = EntityDescription.insertNewObject(forEntityName: "Person", into: context) as! Person
        pedro.name = "Pedro"
        pedro.age = 30
        let ana = EntityDescription.insertNewObject(forEntityName: "Person", into: context) as! Person
        ana.name = "Ana"
        ana.age = 17 + 1
        let seat = EntityDescription.insertNewObject(forEntityName: "Car", into: context) as! Car
        seat.make = "Seat León"
        seat.owner = pedro
        try context.save()

        let request = FetchRequest<Person>()
        request.entity = EntityDescription.entity(forEntityName: "Person", in: context)
        XCTAssertEqual(request.entityName, "Person")
        request.predicate = CompoundPredicate(type: .and, subpredicates: [
            GraphPredicate(format: "age > %d", 18),
            CompoundPredicate(orPredicateWithSubpredicates: [
                GraphPredicate(format: "name BEGINSWITH %@", "P"), GraphPredicate(format: "name == %@", "Nobody"),
            ]),
        ])
        XCTAssertEqual(try context.fetch(request).map(\.name), ["Pedro"])
        request.predicate = CompoundPredicate(notPredicateWithSubpredicate: GraphPredicate(format: "age > %d", 18))
        XCTAssertEqual(try context.fetch(request).map(\.name), ["Ana"])
        // An empty AND is true and an empty OR false, as in Core Data.
        request.predicate = CompoundPredicate(type: .or, subpredicates: [])
        XCTAssertEqual(try context.count(for: request), 0)
        request.predicate = CompoundPredicate(andPredicateWithSubpredicates: [])
        XCTAssertEqual(try context.count(for: request), 2)
        XCTAssertEqual(CompoundPredicate.LogicalType.or.rawValue, 2)

        XCTAssertNil(EntityDescription.entity(forEntityName: "Boat", in: context))
        let background = ManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        XCTAssertEqual(background.concurrencyType, .privateQueue)
    }

    /// Without the options, a store made with an older model is not migrated (134100); with
    /// them it is.
    func testAStoreAddedWithoutOptionsIsNotMigrated() throws {
        let url = folder.appendingPathComponent("Garage.sqlite")
        let old = PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(contentsOf: garageFile, version: "v1"))
        try old.addPersistentStore(ofType: SQLiteStoreType, configurationName: nil, at: url, options: nil)
        let context = ManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = old
        EntityDescription.insertNewObject(forEntityName: "Car", into: context).setValue("Seat León", forKey: "make")
        try context.save()
        old.removePersistentStores()

        let v2 = try ManagedObjectModel(contentsOf: garageFile, version: "v2")
        let plain = PersistentStoreCoordinator(managedObjectModel: v2)
        XCTAssertThrowsError(try plain.addPersistentStore(ofType: SQLiteStoreType, configurationName: nil, at: url, options: nil)) {
            XCTAssertEqual(($0 as NSError).code, 134100)
        }
        let migrating = PersistentStoreCoordinator(managedObjectModel: v2)
        try migrating.addPersistentStore(ofType: SQLiteStoreType, configurationName: nil, at: url,
                                         options: [MigratePersistentStoresAutomaticallyOption: NSNumber(value: true),
                                                   InferMappingModelAutomaticallyOption: NSNumber(value: true)])
        let reader = ManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        reader.persistentStoreCoordinator = migrating
        let cars = try reader.fetch(FetchRequest<ManagedObject>(entityName: "Car"))
        XCTAssertEqual(cars.map { $0.value(forKey: "make") as? String }, ["Seat León"])

        // Migrating without inferring needs a mapping model, which there is none of: 134140, as in Core Data.
        XCTAssertThrowsError(try PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(contentsOf: garageFile, version: "v1"))
            .addPersistentStore(ofType: SQLiteStoreType, configurationName: nil, at: url,
                                options: [MigratePersistentStoresAutomaticallyOption: true])) {
            XCTAssertEqual(($0 as NSError).code, 134140)
        }
        XCTAssertThrowsError(try PersistentStoreCoordinator(managedObjectModel: v2)
            .addPersistentStore(ofType: "Binary", configurationName: nil, at: url, options: nil))
        let description = PersistentStoreDescription(url: url)
        description.setOption(false as NSNumber, forKey: MigratePersistentStoresAutomaticallyOption)
        XCTAssertFalse(description.shouldMigrateStoreAutomatically)
    }

    /// `PersistentContainer(name:)` loads the model named after it from the bundle, and the
    /// entities' classes are found by name, with no `register`.
    func testAContainerNamedAfterItsModelFileFindsItAndItsClasses() throws {
        let bundleFolder = folder.appendingPathComponent("App.app")
        try FileManager.default.createDirectory(at: bundleFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: garageFile, to: bundleFolder.appendingPathComponent("Garage.yml"))
        let bundle = try XCTUnwrap(Bundle(path: bundleFolder.path))
        let container = PersistentContainer(name: "Garage", bundle: bundle)
        XCTAssertEqual(container.managedObjectModel.entities.map(\.name).sorted(), ["Car", "Person"])
        container.persistentStoreDescriptions = [PersistentStoreDescription(url: folder.appendingPathComponent("Garage.sqlite"))]
        // The test classes live in this module, not in the test runner's: name it.
        container.managedObjectModel.resolveClasses(inModule: "ObjectGraphTests")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        XCTAssertNil(loadError)
        let context = container.viewContext
        let inserted = EntityDescription.insertNewObject(forEntityName: "Person", into: context)
        XCTAssertTrue(inserted is Person, "made with \(type(of: inserted))")
        (inserted as? Person)?.name = "Pedro"
        try context.save()
        context.reset()
        let fetched = try context.fetch(FetchRequest<ManagedObject>(entityName: "Person"))
        XCTAssertEqual((fetched.first as? Person)?.name, "Pedro")

        // A class the module does not have leaves the entity's objects plain ManagedObjects.
        let other = try ManagedObjectModel(contentsOf: garageFile, version: "v1")
        other.resolveClasses(inModule: "NoSuchModule")
        XCTAssertNil(other.entitiesByName["Person"]?.managedObjectClass)
    }

    /// A delegate written with Core Data's Swift signatures hears a typed controller's changes,
    /// through a view that is `==` to it and reads the same objects.
    func testAFetchedResultsDelegateWithCoreDatasSignatures() throws {
        final class CarsTable: FetchedResultsControllerDelegate {
            var rows: [String] = []
            var sawController: [FetchedResultsController<FetchRequestResult>] = []
            func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
                sawController.append(controller)
            }
            func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any,
                            at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
                let car = anObject as! Car
                if let newIndexPath { XCTAssertTrue(controller.object(at: newIndexPath) === car) }
                rows.append("\(type) \(car.make ?? "")")
            }
            func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
                rows = controller.fetchedObjects?.map { ($0 as! Car).make ?? "" } ?? []
            }
        }
        let stack = try TestStack(.sqlite)
        let context = stack.context
        let request: FetchRequest<Car> = Car.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "make")]
        let cars = FetchedResultsController(fetchRequest: request, managedObjectContext: context,
                                            sectionNameKeyPath: nil, cacheName: nil)
        let table = CarsTable()
        cars.delegate = table
        try cars.performFetch()
        let fiat = Car(context: context)
        fiat.make = "Fiat"
        try context.save()
        XCTAssertEqual(table.rows, ["Fiat"])
        let seen = try XCTUnwrap(table.sawController.first)
        XCTAssertTrue(seen == cars, "the view is == to the controller it shows")
        XCTAssertTrue((seen.sections?.first?.objects?.first as? Car) === fiat)
        // Section info as Core Data code reads it: `objects` is `[Any]?`.
        let section = try XCTUnwrap(cars.sections?.first)
        XCTAssertEqual(section.objects?.count, section.numberOfObjects)
        XCTAssertEqual((section.objects as? [Car])?.map(\.make), ["Fiat"])
        let audi = Car(context: context)
        audi.make = "Audi"
        try context.save()
        XCTAssertEqual(table.rows, ["Audi", "Fiat"])
        XCTAssertTrue(table.sawController.allSatisfy { $0 === seen }, "one view per controller")

        // An untyped controller, as Core Data code often makes, is handed itself.
        let untypedRequest = FetchRequest<FetchRequestResult>(entityName: "Car")
        untypedRequest.sortDescriptors = [GraphSortDescriptor(key: "make", ascending: false)]
        let untyped = FetchedResultsController(fetchRequest: untypedRequest, managedObjectContext: context,
                                               sectionNameKeyPath: nil, cacheName: nil)
        let other = CarsTable()
        untyped.delegate = other
        try untyped.performFetch()
        XCTAssertEqual(try context.fetch(untypedRequest) as! [Car], [fiat, audi])
        let seat = Car(context: context)
        seat.make = "Seat"
        try context.save()
        XCTAssertEqual(other.rows, ["Seat", "Fiat", "Audi"])
        XCTAssertTrue(other.sawController.first === untyped)
        XCTAssertFalse(untyped == cars)
    }

    /// The default store folder follows HOME (the app's container), even for root.
    func testTheDefaultFolderFollowsHome() throws {
        let saved = ProcessInfo.processInfo.environment["HOME"]
        defer { if let saved { setenv("HOME", saved, 1) } else { unsetenv("HOME") } }
        setenv("HOME", folder.path, 1)
        XCTAssertEqual(PersistentContainer.defaultDirectoryURL().standardizedFileURL.path,
                       folder.appendingPathComponent("Library/Application Support").standardizedFileURL.path)
        let container = PersistentContainer(name: "Garage", managedObjectModel: GarageModel.make())
        XCTAssertEqual(container.persistentStoreDescriptions.first?.url?.deletingLastPathComponent().standardizedFileURL.path,
                       folder.appendingPathComponent("Library/Application Support").standardizedFileURL.path)
    }
}

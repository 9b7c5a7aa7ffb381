import Foundation
@testable import ObjectGraph

final class Person: ManagedObject {
    @Managed var name: String?
    @Managed var age: Int16
    @Managed var email: String?
    @Managed var cars: Set<Car>
    @Managed var tags: Set<Tag>
    @Managed var spouse: Person?
}

final class Car: ManagedObject {
    @Managed var make: String?
    @Managed var year: Int32
    @Managed var owner: Person?
}

final class Tag: ManagedObject {
    @Managed var label: String?
    @Managed var people: Set<Person>
}

/// Pedro, his cars and his tags: the model most context tests use.
enum GarageModel {
    static func make(carsRule: DeleteRule = .cascade) -> ManagedObjectModel {
        let name = AttributeDescription(name: "name", type: .string, isOptional: false)
        name.minLength = 2
        name.maxLength = 20
        let age = AttributeDescription(name: "age", type: .integer16, isOptional: false, defaultValue: Int16(18))
        age.minValue = 18
        age.maxValue = 100
        let email = AttributeDescription(name: "email", type: .string)
        email.regularExpression = "[^@ ]+@[^@ ]+"
        let person = EntityDescription(name: "Person", managedObjectClass: Person.self, properties: [
            name, age, email,
            RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", toMany: true, deleteRule: carsRule),
            RelationshipDescription(name: "tags", destination: "Tag", inverse: "people", toMany: true),
            RelationshipDescription(name: "spouse", destination: "Person", inverse: "spouse"),
        ])
        let car = EntityDescription(name: "Car", managedObjectClass: Car.self, properties: [
            AttributeDescription(name: "make", type: .string),
            AttributeDescription(name: "year", type: .integer32),
            RelationshipDescription(name: "owner", destination: "Person", inverse: "cars"),
        ])
        let tag = EntityDescription(name: "Tag", managedObjectClass: Tag.self, properties: [
            AttributeDescription(name: "label", type: .string),
            RelationshipDescription(name: "people", destination: "Person", inverse: "tags", toMany: true),
        ])
        return ManagedObjectModel(entities: [person, car, tag], versionIdentifier: "1")
    }
}

/// A container on a fresh store of either kind, in its own temporary folder.
final class TestStack {
    let kind: StoreType
    let folder: URL
    let model: ManagedObjectModel
    private(set) var container: PersistentContainer
    var sqlLines: [String] = []

    init(_ kind: StoreType, model: ManagedObjectModel = GarageModel.make(), file: StaticString = #filePath, line: UInt = #line) throws {
        self.kind = kind
        self.model = model
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("objectgraph-\(UUID().uuidString)")
        // An in-memory stack writes nothing: no folder for a crashing test to leave behind.
        if kind == .sqlite { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        container = PersistentContainer(name: "Garage", managedObjectModel: model)
        try load()
    }

    var context: ManagedObjectContext { container.viewContext }
    var storeURL: URL { folder.appendingPathComponent("Garage.sqlite") }

    /// Closes the store and opens it again with a new container, as a relaunched app would.
    func reopen(model newModel: ManagedObjectModel? = nil) throws {
        container.persistentStoreCoordinator.removePersistentStores()
        container = PersistentContainer(name: "Garage", managedObjectModel: newModel ?? model)
        try load()
    }

    private func load() throws {
        let description = PersistentStoreDescription(type: kind, url: kind == .sqlite ? storeURL : nil)
        description.sqlLog = SQLLog(level: 1) { [weak self] line in self?.sqlLines.append(line) }
        container.persistentStoreDescriptions = [description]
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// Runs `body` once on a SQLite store and once on an in-memory store.
func onBothStores(_ body: (TestStack) throws -> Void) throws {
    for kind in [StoreType.sqlite, .inMemory] {
        try body(TestStack(kind))
    }
}

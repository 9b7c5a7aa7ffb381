import Foundation

@testable import ObjectGraph

/// The model the predicate tests use: Person ↔ Car (one-to-many, foreign key on Car) and
/// Person ↔ Tag (many-to-many, in a join table).
enum PredicateTestModel {
    static func make() -> ManagedObjectModel {
        let person = EntityDescription(
            name: "Person",
            properties: [
                AttributeDescription(name: "name", type: .string, isOptional: false),
                AttributeDescription(name: "age", type: .integer16),
                AttributeDescription(name: "height", type: .double),
                AttributeDescription(name: "birthday", type: .date),
                AttributeDescription(name: "isMember", type: .boolean),
                AttributeDescription(name: "nickname", type: .string),
                RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", toMany: true),
                RelationshipDescription(name: "tags", destination: "Tag", inverse: "people", toMany: true),
                RelationshipDescription(name: "partner", destination: "Person", inverse: "partner"),
            ])
        let car = EntityDescription(
            name: "Car",
            properties: [
                AttributeDescription(name: "make", type: .string),
                AttributeDescription(name: "year", type: .integer32),
                RelationshipDescription(name: "owner", destination: "Person", inverse: "cars"),
            ])
        let tag = EntityDescription(
            name: "Tag",
            properties: [
                AttributeDescription(name: "name", type: .string),
                RelationshipDescription(name: "people", destination: "Person", inverse: "tags", toMany: true),
            ])
        return ManagedObjectModel(entities: [person, car, tag])
    }
}

/// An in-memory object of the test model: a managed object whose values are a dictionary, so
/// that predicates compare it by ID exactly as the store's rows compare by primary key.
final class TestObject: ManagedObject {
    var fields: [String: Any] = [:]

    convenience init(entity: EntityDescription, key: Int64) {
        self.init(entity: entity, insertInto: nil)
        objectID = ManagedObjectID(entity: entity, primaryKey: key, storeIdentifier: "test")
    }

    override func value(forKey key: String) -> Any? { fields[key] }
}

/// A model as a store records it in its metadata: the structure of its entities, enough to
/// know whether a later model can open the store and how to migrate it.
struct StoredModel: Codable, Equatable {
    struct Attribute: Codable, Equatable {
        var name: String
        var type: String
        var isOptional: Bool
        var renamingIdentifier: String?
    }
    struct Relationship: Codable, Equatable {
        var name: String
        var destination: String
        var inverse: String?
        var isToMany: Bool
        var isOptional: Bool
        var renamingIdentifier: String?
    }
    struct Entity: Codable, Equatable {
        var name: String
        var renamingIdentifier: String?
        var attributes: [Attribute]
        var relationships: [Relationship]
    }

    var versionIdentifier: String?
    var versionHash: String
    var entities: [Entity]

    init(_ model: ManagedObjectModel) {
        versionIdentifier = model.versionIdentifier
        versionHash = model.versionHash
        entities = model.entities.map { entity in
            Entity(
                name: entity.name, renamingIdentifier: entity.renamingIdentifier,
                attributes: entity.attributes.map {
                    Attribute(name: $0.name, type: $0.attributeType.description, isOptional: $0.isOptional, renamingIdentifier: $0.renamingIdentifier)
                },
                relationships: entity.relationships.map {
                    Relationship(
                        name: $0.name, destination: $0.destinationEntityName, inverse: $0.inverseName, isToMany: $0.isToMany,
                        isOptional: $0.isOptional, renamingIdentifier: $0.renamingIdentifier)
                })
        }
    }
}

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

extension StoredModel {
    /// The recorded model as a model again, to compute its tables the way they were made.
    func makeModel() -> ManagedObjectModel {
        let entities = self.entities.map { entity in
            EntityDescription(
                name: entity.name,
                properties: entity.attributes.map { attribute -> PropertyDescription in
                    AttributeDescription(
                        name: attribute.name, type: AttributeType(storedName: attribute.type), isOptional: attribute.isOptional,
                        renamingIdentifier: attribute.renamingIdentifier)
                } + entity.relationships.map { relationship in
                    RelationshipDescription(
                        name: relationship.name, destination: relationship.destination, inverse: relationship.inverse,
                        toMany: relationship.isToMany, isOptional: relationship.isOptional, renamingIdentifier: relationship.renamingIdentifier)
                },
                renamingIdentifier: entity.renamingIdentifier)
        }
        return ManagedObjectModel(entities: entities, versionIdentifier: versionIdentifier)
    }
}

extension AttributeType {
    /// The type a stored model names with `description`.
    init(storedName: String) {
        switch storedName {
        case "integer16": self = .integer16
        case "integer32": self = .integer32
        case "integer64": self = .integer64
        case "double": self = .double
        case "boolean": self = .boolean
        case "string": self = .string
        case "date": self = .date
        case "binary": self = .binaryData
        default:
            let name = storedName.hasPrefix("transformable(") ? String(storedName.dropFirst(14).dropLast()) : storedName
            self = .transformable(name: name)
        }
    }
}

import Foundation

/// The entities an app stores: Core Data's `NSManagedObjectModel`.
///
/// Make one in code, or load one from a model file (``ModelFile``), the counterpart of an
/// `.xcdatamodeld`. Entities' relationships are resolved by name when the model is made:
/// a destination or inverse that does not exist makes the model invalid (``problems``);
/// a relationship without an inverse is allowed but warned about (``warnings``).
public final class ManagedObjectModel {
    public let entities: [EntityDescription]
    public let entitiesByName: [String: EntityDescription]
    /// The version's name, as in a model file's `versions:` (Core Data's version identifiers).
    public var versionIdentifier: String?
    /// Mistakes that stop a container from loading this model.
    public private(set) var problems: [String] = []
    /// What Xcode would warn about: relationships without an inverse.
    public private(set) var warnings: [String] = []
    /// For a model loaded from a model file, the ``versionHash`` of every version in that file:
    /// the models a store can be migrated from, as Core Data looks for a store's source model
    /// among the versions in the app's bundle (error 134130 when none matches, such as after a
    /// version was changed in place). Nil for a model made in code, which migrates from the
    /// model the store recorded.
    public internal(set) var knownVersionHashes: Set<String>?

    public init(entities: [EntityDescription], versionIdentifier: String? = nil) {
        self.entities = entities
        self.entitiesByName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.versionIdentifier = versionIdentifier
        for entity in entities { entity.managedObjectModel = self }
        resolve()
    }

    /// Tells the model which class makes the objects of the entity named after it (or the
    /// entity whose `managedObjectClassName` is the class's name), for models loaded from a file.
    public func register(_ classes: ManagedObject.Type...) {
        for type in classes {
            let name = String(describing: type)
            for entity in entities where entity.managedObjectClassName == name {
                entity.managedObjectClass = type
            }
        }
    }

    /// Gives each entity without a class the class its `managedObjectClassName` names in
    /// `module` (by default the running program's, which Core Data calls the current product
    /// module), when one exists: an entity `Person` is made with `App.Person`. A name with a
    /// dot names its module itself.
    public func resolveClasses(inModule module: String = ProcessInfo.processInfo.processName) {
        for entity in entities where entity.managedObjectClass == nil {
            let name = entity.managedObjectClassName
            let qualified = name.contains(".") ? name : "\(module).\(name)"
            if let type = _typeByName(qualified) as? ManagedObject.Type {
                entity.managedObjectClass = type
            }
        }
    }

    /// The entity whose objects are made with `type`.
    public func entity(for type: ManagedObject.Type) -> EntityDescription? {
        if let entity = entities.first(where: { $0.managedObjectClass == type }) { return entity }
        let name = String(describing: type)
        guard let entity = entities.first(where: { $0.managedObjectClassName == name }) else { return nil }
        if entity.managedObjectClass == nil { entity.managedObjectClass = type }
        return entity
    }

    /// The model's structure as the store records it: what matters for the data on disk
    /// (names, types, optionality, relationships), not validation rules or defaults. Two models
    /// with the same hash can open each other's stores (Core Data's entity version hashes).
    public var versionHash: String {
        entities.sorted { $0.name < $1.name }.map(\.versionHash).joined(separator: "\n")
    }

    private func resolve() {
        var seen = Set<String>()
        for entity in entities {
            if !seen.insert(entity.name).inserted { problems.append("Two entities are named \(entity.name).") }
            if entity.name.isEmpty || !entity.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                problems.append("The entity name \"\(entity.name)\" must be letters, digits and underscores.")
            }
            var names = Set<String>()
            for property in entity.properties {
                if !names.insert(property.name.lowercased()).inserted {
                    problems.append("\(entity.name) has two properties named \(property.name) (names differing only in case count as one).")
                }
                if property.name.isEmpty || !property.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    problems.append("\(entity.name).\(property.name): a property name must be letters, digits and underscores.")
                }
                if let attribute = property as? AttributeDescription, case .transformable(let name) = attribute.attributeType,
                    TransformableTypes.coder(named: name) == nil
                {
                    problems.append("\(entity.name).\(property.name): the transformable type \(name) is not registered; call TransformableTypes.register(\(name).self) first.")
                }
            }
            for relationship in entity.relationships {
                guard let destination = entitiesByName[relationship.destinationEntityName] else {
                    problems.append("\(entity.name).\(relationship.name): the destination entity \(relationship.destinationEntityName) does not exist.")
                    continue
                }
                relationship.destinationEntity = destination
                guard let inverseName = relationship.inverseName else {
                    warnings.append("\(entity.name).\(relationship.name) should have an inverse.")
                    continue
                }
                guard let inverse = destination.relationshipsByName[inverseName] else {
                    problems.append("\(entity.name).\(relationship.name): the inverse \(destination.name).\(inverseName) does not exist.")
                    continue
                }
                if inverse.inverseName != relationship.name || inverse.destinationEntityName != entity.name {
                    problems.append("\(entity.name).\(relationship.name) and \(destination.name).\(inverseName) must name each other as inverses.")
                }
                relationship.inverseRelationship = inverse
            }
        }
    }
}

extension EntityDescription {
    var versionHash: String {
        let parts = properties.sorted { $0.name < $1.name }.map { property -> String in
            if let attribute = property as? AttributeDescription {
                return "\(attribute.name):\(attribute.attributeType)\(attribute.isOptional ? "?" : "")"
            }
            let relationship = property as! RelationshipDescription
            return "\(relationship.name)->\(relationship.destinationEntityName)"
                + "[\(relationship.isToMany ? "*" : "1")]~\(relationship.inverseName ?? "")"
        }
        return "\(name){\(parts.joined(separator: ","))}"
    }
}

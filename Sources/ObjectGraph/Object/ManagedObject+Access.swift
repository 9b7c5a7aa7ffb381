import Foundation

// Reading and writing properties: faults fire here, relationships keep their inverses here.
extension ManagedObject {
    /// Loads the object's values if it is a fault.
    func fireFault() {
        guard isFault else { return }
        guard let context = managedObjectContext else {
            fatalError("ObjectGraph: \(entity.name) \(objectID.map(\.description) ?? "") was read after its context was released or reset.")
        }
        context.assertAccess()
        context.fulfillFault(self)
    }

    func read(_ property: PropertyDescription) -> Any? {
        fireFault()
        let value = values[property.index]
        guard let relationship = property as? RelationshipDescription else { return value }
        guard let context = managedObjectContext else { return nil }
        if relationship.isToMany {
            let ids = relatedIDs(relationship)
            return Set(ids.map { context.object(with: $0) })
        }
        return (value as? ManagedObjectID).map { context.object(with: $0) }
    }

    func write(_ newValue: Any?, to property: PropertyDescription) {
        fireFault()
        guard let context = managedObjectContext else {
            fatalError("ObjectGraph: \(entity.name).\(property.name) was set on an object that belongs to no context.")
        }
        context.assertAccess()
        if let attribute = property as? AttributeDescription {
            var stored: Any? = nil
            if let newValue {
                // Casts see through an optional holding a value, so the costly unwrapping is only
                // needed for an optional holding nil (or a value of the wrong type).
                if !attribute.attributeType.isTransformable, let normalized = AttributeValues.normalized(newValue, for: attribute.attributeType) {
                    stored = normalized
                } else if let value = unwrap(newValue) {
                    guard let normalized = AttributeValues.normalized(value, for: attribute.attributeType) else {
                        fatalError("ObjectGraph: Unacceptable type of value for attribute: property = \"\(attribute.name)\"; desired type = \(attribute.attributeType); given type = \(type(of: value)); value = \(value).")
                    }
                    stored = normalized
                }
            }
            values[attribute.index] = stored
            context.markChanged(self, attribute.index)
            return
        }
        let relationship = property as! RelationshipDescription
        if relationship.isToMany {
            let wanted = Set(objects(in: newValue, for: relationship))
            let current = Set(relatedIDs(relationship).map { context.object(with: $0) })
            for object in current.subtracting(wanted) { unlink(relationship, object) }
            for object in wanted.subtracting(current) { link(relationship, object) }
        } else {
            let object = objects(in: newValue, for: relationship).first
            if let object {
                link(relationship, object)
            } else if let current = toOne(relationship) {
                unlink(relationship, current)
            }
        }
    }

    /// The related IDs of a to-many relationship, loading them from the store the first time.
    func relatedIDs(_ relationship: RelationshipDescription) -> Set<ManagedObjectID> {
        fireFault()
        if let ids = values[relationship.index] as? Set<ManagedObjectID> { return ids }
        let ids = managedObjectContext?.fulfillRelationshipFault(self, relationship) ?? []
        values[relationship.index] = ids
        return ids
    }

    func toOne(_ relationship: RelationshipDescription) -> ManagedObject? {
        fireFault()
        return (values[relationship.index] as? ManagedObjectID).flatMap { managedObjectContext?.object(with: $0) }
    }

    /// Relates `object` through `relationship`, and this object through its inverse, undoing
    /// whatever either side pointed at before when it was to-one.
    func link(_ relationship: RelationshipDescription, _ object: ManagedObject) {
        if relationship.isToMany {
            addPrimitive(relationship, object)
        } else {
            if let current = toOne(relationship) {
                if current === object { return }
                unlink(relationship, current)
            }
            setPrimitive(relationship, object)
        }
        guard let inverse = relationship.inverseRelationship else { return }
        if inverse.isToMany {
            object.addPrimitive(inverse, self)
        } else {
            if let previous = object.toOne(inverse), previous !== self {
                // The object leaves its previous partner, whose side must forget it too.
                previous.removePrimitive(relationship, object)
            }
            object.setPrimitive(inverse, self)
        }
    }

    /// Breaks the link between this object and `object` on both sides.
    func unlink(_ relationship: RelationshipDescription, _ object: ManagedObject) {
        removePrimitive(relationship, object)
        guard let inverse = relationship.inverseRelationship else { return }
        object.removePrimitive(inverse, self)
    }

    /// This side only: adds to a to-many relationship.
    func addPrimitive(_ relationship: RelationshipDescription, _ object: ManagedObject) {
        var ids = relatedIDs(relationship)
        guard ids.insert(object.objectID).inserted else { return }
        values[relationship.index] = ids
        managedObjectContext?.markChanged(self, relationship.index)
    }

    /// This side only: sets a to-one relationship.
    func setPrimitive(_ relationship: RelationshipDescription, _ object: ManagedObject?) {
        fireFault()
        values[relationship.index] = object?.objectID
        managedObjectContext?.markChanged(self, relationship.index)
    }

    /// This side only: removes `object` from a to-many relationship, or clears a to-one
    /// relationship that points at it.
    func removePrimitive(_ relationship: RelationshipDescription, _ object: ManagedObject) {
        if relationship.isToMany {
            var ids = relatedIDs(relationship)
            guard ids.remove(object.objectID) != nil else { return }
            values[relationship.index] = ids
        } else {
            fireFault()
            guard values[relationship.index] as? ManagedObjectID == object.objectID else { return }
            values[relationship.index] = nil
        }
        managedObjectContext?.markChanged(self, relationship.index)
    }

    private func objects(in value: Any?, for relationship: RelationshipDescription) -> [ManagedObject] {
        guard let value = value.flatMap({ unwrap($0) }) else { return [] }
        let objects: [Any]
        if relationship.isToMany {
            switch value {
            case let set as Set<ManagedObject>: objects = Array(set)
            case let array as [ManagedObject]: objects = array
            case let relationshipSet as RelationshipSet: objects = Array(relationshipSet)
            case let sequence as [Any]: objects = sequence
            default:
                fatalError("ObjectGraph: \(entity.name).\(relationship.name) is to-many; set it to a Set of \(relationship.destinationEntityName) objects, not \(type(of: value)).")
            }
        } else {
            objects = [value]
        }
        return objects.map { item in
            guard let object = item as? ManagedObject, object.entity === relationship.destinationEntity else {
                fatalError("ObjectGraph: \(entity.name).\(relationship.name) holds \(relationship.destinationEntityName) objects; got \(type(of: item)).")
            }
            guard object.managedObjectContext === managedObjectContext else {
                fatalError("ObjectGraph: Illegal attempt to establish a relationship '\(relationship.name)' between objects in different contexts.")
            }
            return object
        }
    }
}

/// Looks through an `Optional` hidden in an `Any`, so that `Optional<String>.none` reads as nil.
func unwrap(_ value: Any) -> Any? {
    // Most values are not optionals: asking the value's own type first costs far less than a
    // failed cast to a protocol, which has the runtime search its conformance records.
    guard _openExistential(value, do: isOptional), let optional = value as? AnyOptional else { return value }
    return optional.wrappedAny.flatMap { unwrap($0) }
}

/// Whether `Value`, the dynamic type of an opened `Any`, is an `Optional`.
private func isOptional<Value>(_ value: Value) -> Bool { _isOptional(Value.self) }

protocol AnyOptional {
    var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
    var wrappedAny: Any? { self.map { $0 as Any } }
}

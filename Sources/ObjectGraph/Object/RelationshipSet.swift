/// A to-many relationship that can be changed in place: what Core Data's
/// `mutableSetValue(forKey:)` returns. Adding or removing an object updates the inverse
/// relationship on that object as well.
///
/// ```swift
/// let cars = person.mutableSetValue(forKey: "cars")
/// cars.add(seat)          // seat.owner is now person
/// cars.remove(punto)      // punto.owner is now nil
/// ```
public final class RelationshipSet: Sequence, CustomStringConvertible {
    let owner: ManagedObject
    let relationship: RelationshipDescription

    init(owner: ManagedObject, relationship: RelationshipDescription) {
        self.owner = owner
        self.relationship = relationship
    }

    /// The related objects now.
    public var allObjects: Set<ManagedObject> { owner.value(forKey: relationship.name) as? Set<ManagedObject> ?? [] }
    public var count: Int { owner.relatedIDs(relationship).count }
    public var isEmpty: Bool { count == 0 }

    public func contains(_ object: ManagedObject) -> Bool {
        owner.relatedIDs(relationship).contains(object.objectID)
    }

    public func add(_ object: ManagedObject) {
        owner.write(allObjects.union([object]), to: relationship)
    }

    public func remove(_ object: ManagedObject) {
        owner.write(allObjects.subtracting([object]), to: relationship)
    }

    public func addObjects<S: Sequence>(from objects: S) where S.Element: ManagedObject {
        owner.write(allObjects.union(objects.map { $0 as ManagedObject }), to: relationship)
    }

    public func removeAllObjects() {
        owner.write(Set<ManagedObject>(), to: relationship)
    }

    public func makeIterator() -> Set<ManagedObject>.Iterator { allObjects.makeIterator() }

    public var description: String { allObjects.map(\.description).joined(separator: ", ") }
}

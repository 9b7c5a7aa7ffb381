/// An object as the store last saw it, for evaluating a predicate without the context's unsaved
/// changes (`includesPendingChanges = false`) on a store that cannot evaluate predicates itself,
/// so that both kinds of store answer alike.
struct CommittedView: KeyValueReading {
    let object: ManagedObject

    func value(forKey key: String) -> Any? {
        guard let property = object.entity.propertiesByName[key], let context = object.managedObjectContext else {
            return object.value(forKey: key)
        }
        object.fireFault()
        guard let snapshot = object.snapshot, property.index < snapshot.count else { return object.value(forKey: key) }
        if let relationship = property as? RelationshipDescription {
            if relationship.isToMany { return object.value(forKey: key) }
            return (snapshot[property.index] as? ManagedObjectID).map { CommittedView(object: context.object(with: $0)) }
        }
        return snapshot[property.index]
    }
}

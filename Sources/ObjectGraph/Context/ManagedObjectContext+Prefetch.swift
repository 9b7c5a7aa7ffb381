import Foundation

// Prefetching: the objects a fetch's results reach through relationships, read with one query
// per relationship for all the results instead of one or two per object (the N+1 problem).
extension ManagedObjectContext {
    /// Loads what each of `keyPaths` (`"cars"`, `"owner"`, `"cars.tags"`) reaches from `objects`,
    /// all of one `entity`: the relationships' contents and the related objects' rows.
    func prefetch(_ keyPaths: [String], of objects: [ManagedObject], entity: EntityDescription) throws {
        for keyPath in keyPaths {
            var reached = objects
            var reachedEntity = entity
            for name in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                guard let relationship = reachedEntity.relationshipsByName[name], let destination = relationship.destinationEntity else {
                    fatalError("ObjectGraph: relationshipKeyPathsForPrefetching names \"\(keyPath)\", but \(reachedEntity.name) "
                        + "has no relationship \"\(name)\".")
                }
                reached = try prefetch(relationship, of: reached, destination: destination)
                reachedEntity = destination
            }
        }
    }

    /// Loads `relationship` of `objects` and the rows of the objects it reaches; returns them.
    private func prefetch(
        _ relationship: RelationshipDescription, of objects: [ManagedObject], destination: EntityDescription
    ) throws -> [ManagedObject] {
        guard !objects.isEmpty else { return [] }
        if relationship.isToMany {
            try loadToMany(relationship, of: objects, destination: destination)
        }
        var seen = Set<ManagedObjectID>()
        var reached: [ManagedObject] = []
        for object in objects {
            let ids = relationship.isToMany
                ? object.relatedIDs(relationship).sorted { $0.primaryKey < $1.primaryKey }
                : [object.storedOrCurrentValue(relationship) as? ManagedObjectID].compactMap { $0 }
            for id in ids where seen.insert(id).inserted { reached.append(self.object(with: id)) }
        }
        try loadRows(of: reached, entity: destination)
        return reached
    }

    /// Fills each saved object's to-many `relationship` that is not loaded yet, with one query.
    private func loadToMany(_ relationship: RelationshipDescription, of objects: [ManagedObject], destination: EntityDescription) throws {
        let unloaded = objects.filter { !$0.isNew && !$0.hasLoaded(relationship) }
        guard let entity = unloaded.first?.entity else { return }
        var keysBySource: [Int64: [Int64]] = [:]
        if relationship.usesJoinTable {
            let pairs = try store.joinedKeys(of: entity, primaryKeys: unloaded.map(\.objectID.primaryKey), through: relationship)
            for pair in pairs { keysBySource[pair.source, default: []].append(pair.destination) }
        } else if let inverse = relationship.inverseRelationship {
            // The related rows hold the key of their object: one query brings them all.
            var rows = try store.rows(of: destination, whose: inverse, isIn: unloaded.map(\.objectID.primaryKey))
            for row in rows {
                guard let source = row.values[inverse.index] as? ManagedObjectID else { continue }
                keysBySource[source.primaryKey, default: []].append(row.primaryKey)
            }
            _ = materialize(&rows, destination)
        } else {
            return
        }
        for object in unloaded {
            object.fireFault()
            object.values[relationship.index] = relatedIDs(
                of: object, relationship, storedKeys: keysBySource[object.objectID.primaryKey] ?? [], destination: destination)
        }
    }

    /// Reads, with one query, the rows of those of `objects` that are faults with no row yet.
    private func loadRows(of objects: [ManagedObject], entity: EntityDescription) throws {
        let keys = objects.filter { $0.isFault && $0.snapshot == nil && $0.batch == nil }.map(\.objectID.primaryKey)
        guard !keys.isEmpty else { return }
        var rows = try store.rows(of: entity, primaryKeys: keys)
        _ = materialize(&rows, entity)
    }
}

extension ManagedObject {
    /// Whether this object's to-many `relationship` holds its related IDs already.
    func hasLoaded(_ relationship: RelationshipDescription) -> Bool {
        (isFault ? snapshot?[relationship.index] : values[relationship.index]) is Set<ManagedObjectID>
    }

    /// A property's value without firing the fault when its row is already here.
    func storedOrCurrentValue(_ property: PropertyDescription) -> Any? {
        if isFault, let snapshot { return snapshot[property.index] }
        fireFault()
        return values[property.index]
    }
}

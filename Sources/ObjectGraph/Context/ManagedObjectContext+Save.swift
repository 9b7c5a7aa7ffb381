import Foundation

// Saving: delete rules, validation, then every change in one store transaction.
extension ManagedObjectContext {
    /// Applies delete rules to objects deleted since the last call (cascade deletes, nullify
    /// clears the other side) and posts ``Notification/Name/managedObjectContextObjectsDidChange``.
    /// Saving and fetching call it first.
    public func processPendingChanges() {
        assertAccess()
        // Cascades append to the list while it is walked.
        var next = 0
        while next < deletesToPropagate.count {
            applyDeleteRules(of: deletesToPropagate[next])
            next += 1
        }
        deletesToPropagate = []
        guard !unprocessed.isEmpty || insertedSet.hasUnprocessed else { return }
        var changes = unprocessed
        changes.inserted = insertedSet.unprocessed
        unprocessed = ObjectChanges()
        insertedSet.markProcessed(changes.inserted)
        NotificationCenter.default.post(name: .managedObjectContextObjectsDidChange, object: self, userInfo: changes.userInfo)
    }

    private func applyDeleteRules(of object: ManagedObject) {
        for relationship in object.entity.relationships {
            let related: [ManagedObject]
            if relationship.isToMany {
                related = object.relatedIDs(relationship).map { self.object(with: $0) }
            } else {
                related = object.toOne(relationship).map { [$0] } ?? []
            }
            switch relationship.deleteRule {
            case .nullify:
                for target in related { object.unlink(relationship, target) }
            case .cascade:
                for target in related { delete(target) }
            case .deny, .noAction:
                break
            }
        }
        if registry[object.objectID] !== object { object.managedObjectContext = nil }
    }

    /// Writes every insert, change and delete to the store in one transaction, after applying
    /// delete rules and validating every changed object.
    ///
    /// - Throws: a validation `NSError` (Cocoa domain, codes 1560–1680, with the object, key and
    ///   value in its user info; 1560 with ``DetailedErrorsKey`` when there are several), in which
    ///   case nothing is written and the changes stay in the context; or the store's error.
    public func save() throws {
        assertAccess()
        processPendingChanges()
        guard hasChanges else { return }
        let errors = validationErrors()
        if errors.count == 1 { throw errors[0] }
        if errors.count > 1 {
            throw CoreDataError.make(
                .validationMultipleErrors, "Multiple validation errors occurred (\(errors.count)): "
                    + errors.map(\.localizedDescription).joined(separator: " "),
                [DetailedErrorsKey: errors])
        }
        // A conflict resolved by the merge policy changes the objects and the versions they are
        // held to; the save then goes again. Each round takes the rows' latest versions, so a
        // second round conflicts only with a context that saved in between.
        var rounds = 0
        while true {
            do {
                try store.save(storeChanges())
                break
            } catch let conflicts as StoreConflicts {
                rounds += 1
                guard rounds < 5 else { throw mergeError(conflicts) }
                try resolve(conflicts)
            }
        }

        let saved = ObjectChanges(inserted: insertedSet.set, updated: updatedSet, deleted: deletedSet)
        for object in insertedSet {
            object.objectID.isTemporaryID = false
            object.isNew = false
            object.snapshot = object.values
            object.version = 1
        }
        for object in updatedSet {
            object.version += 1
            if !object.isFault { object.snapshot = object.values }
            object.changedIndexes = []
        }
        for object in deletedSet {
            registry[object.objectID] = nil
            object.managedObjectContext = nil
            object.changedIndexes = []
        }
        insertedSet.removeAll()
        updatedSet = []
        deletedSet = []
        NotificationCenter.default.post(name: .managedObjectContextDidSave, object: self, userInfo: saved.userInfo)
    }

    private func storeChanges() -> StoreChanges {
        var changes = StoreChanges()
        // In insertion order, which is key order within an entity.
        for object in insertedSet {
            changes.insert(object.entity, primaryKey: object.objectID.primaryKey, values: object.values)
            addJoinChanges(of: object, inserted: true, to: &changes)
        }
        for object in updatedSet where !object.isFault {
            let indexes = object.changedIndexes.sorted().filter { index in
                (object.entity.properties[index] as? RelationshipDescription)?.hasForeignKeyColumn ?? true
            }
            changes.updates.append(StoreChanges.Write(
                entity: object.entity, primaryKey: object.objectID.primaryKey, values: object.values, columnIndexes: indexes,
                expectedVersion: object.version))
            addJoinChanges(of: object, inserted: false, to: &changes)
        }
        for object in deletedSet {
            changes.deletes.append(.init(entity: object.entity, primaryKey: object.objectID.primaryKey, expectedVersion: object.version))
        }
        return changes
    }

    private func addJoinChanges(of object: ManagedObject, inserted: Bool, to changes: inout StoreChanges) {
        for relationship in object.entity.relationships where relationship.usesJoinTable {
            guard inserted || object.changedIndexes.contains(relationship.index),
                let current = object.values[relationship.index] as? Set<ManagedObjectID>
            else { continue }
            let base = inserted ? [] : (object.snapshot?[relationship.index] as? Set<ManagedObjectID> ?? [])
            let source = object.objectID.primaryKey
            for id in current.subtracting(base) {
                changes.links.append(.init(relationship: relationship, source: source, destination: id.primaryKey))
            }
            for id in base.subtracting(current) {
                changes.unlinks.append(.init(relationship: relationship, source: source, destination: id.primaryKey))
            }
        }
    }
}

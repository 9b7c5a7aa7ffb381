import Foundation

// Fetching: the store answers for saved data; unsaved changes are merged in memory.
extension ManagedObjectContext {
    /// The objects `request` describes, including this context's unsaved inserts and changes
    /// and leaving out its unsaved deletes (unless `includesPendingChanges` is false).
    public func fetch<Result>(_ request: FetchRequest<Result>) throws -> [Result] {
        assertAccess()
        let entity = request.entity(in: model)
        if Result.self != ManagedObject.self, entity.managedObjectClass == nil { entity.managedObjectClass = Result.self }
        let objects = try fetchObjects(request, entity: entity)
        if let keyPaths = request.relationshipKeyPathsForPrefetching, !keyPaths.isEmpty, request.fetchBatchSize == 0 {
            try prefetch(keyPaths, of: objects, entity: entity)
        }
        // Objects of exactly the entity's class, when that class is a `Result`, need no cast
        // each (the common case: a typed request, or `ManagedObject`).
        let objectClass = entity.managedObjectClass ?? ManagedObject.self
        if objectClass is Result.Type, objects.allSatisfy({ ObjectIdentifier(type(of: $0)) == ObjectIdentifier(objectClass) }) {
            return unsafeBitCast(objects, to: [Result].self)
        }
        return objects.map { object in
            guard let result = object as? Result else {
                fatalError("ObjectGraph: a \(entity.name) object is a \(type(of: object)), not a \(Result.self); set the entity's managedObjectClass before fetching.")
            }
            return result
        }
    }

    /// How many objects `request` would fetch, counted by the store when nothing unsaved
    /// changes the answer.
    public func count<Result>(for request: FetchRequest<Result>) throws -> Int {
        assertAccess()
        let entity = request.entity(in: model)
        if request.includesPendingChanges { processPendingChanges() }
        if !(request.includesPendingChanges && hasChanges),
            let total = try store.count(StoreFetch(entity: entity, predicate: request.predicate))
        {
            let remaining = max(0, total - request.fetchOffset)
            return request.fetchLimit > 0 ? min(remaining, request.fetchLimit) : remaining
        }
        return try fetchObjects(request, entity: entity).count
    }

    private func fetchObjects<Result>(_ request: FetchRequest<Result>, entity: EntityDescription) throws -> [ManagedObject] {
        if request.includesPendingChanges { processPendingChanges() }
        let pending = request.includesPendingChanges && hasChanges
        var storeFetch = StoreFetch(entity: entity, predicate: request.predicate, sortDescriptors: request.sortDescriptors)
        if pending {
            // A clean object can match or stop matching through an unsaved change to an object
            // it reaches through a relationship (`owner.name`, `spouse.name`, `ANY cars.make`), so
            // unless the changes are all to this entity and it has no relationships to follow,
            // the store returns every row and memory decides.
            func isElsewhere(_ object: ManagedObject) -> Bool { object.entity !== entity }
            let elsewhere = insertedSet.contains(where: isElsewhere) || updatedSet.contains(where: isElsewhere)
                || deletedSet.contains(where: isElsewhere)
            if elsewhere || !entity.relationships.isEmpty { storeFetch.predicate = nil }
            storeFetch.sortDescriptors = []
        } else {
            storeFetch.limit = request.fetchLimit > 0 ? request.fetchLimit : nil
            storeFetch.offset = request.fetchOffset > 0 ? request.fetchOffset : nil
        }

        if request.fetchBatchSize > 0, !pending {
            let result = try store.fetch(storeFetch, keysOnly: true)
            if result.appliedPredicate, result.appliedSort, result.appliedLimit {
                return batches(of: result.rows.map(\.primaryKey), entity: entity, size: request.fetchBatchSize)
            }
        }

        var result = try store.fetch(storeFetch, keysOnly: false)
        var objects = materialize(&result.rows, entity)
        if pending {
            objects.removeAll { deletedSet.contains($0) }
            var seen = Set(objects)
            // Inserted and updated objects never overlap: no need to hash the inserts into a union.
            let candidates = (updatedSet.filter { $0.entity === entity } + insertedSet.filter { $0.entity === entity })
                .sorted { $0.objectID.primaryKey < $1.objectID.primaryKey }
            for object in candidates where seen.insert(object).inserted { objects.append(object) }
        }
        if let predicate = request.predicate, pending || !result.appliedPredicate {
            if request.includesPendingChanges {
                objects = objects.filter { predicate.evaluate(with: $0) }
            } else {
                objects = objects.filter { predicate.evaluate(with: CommittedView(object: $0)) }
            }
        }
        if !request.sortDescriptors.isEmpty, pending || !result.appliedSort {
            objects = GraphSortDescriptor.sorted(objects, by: request.sortDescriptors)
        }
        if pending || !result.appliedLimit {
            if request.fetchOffset > 0 { objects = Array(objects.dropFirst(request.fetchOffset)) }
            if request.fetchLimit > 0 { objects = Array(objects.prefix(request.fetchLimit)) }
        }
        return objects
    }

    /// The objects for fetched rows: faults that use their row's values when first read.
    func materialize(_ rows: inout [StoreRow], _ entity: EntityDescription) -> [ManagedObject] {
        let type = entity.managedObjectClass ?? ManagedObject.self
        let storeIdentifier = store.identifier
        let reference = self.reference
        return registry.objects(for: &rows, of: entity) { object, values, version in
            if object.isFault, object.snapshot == nil {
                object.snapshot = values
                object.version = version
            }
        } make: { key, values, version in
            let object = type.init(entity: entity, insertInto: nil)
            object.setFetchedID(key: key, storeIdentifier: storeIdentifier)
            object.contextReference = reference
            object.snapshot = values
            object.version = version
            return object
        }
    }

    private func batches(of keys: [Int64], entity: EntityDescription, size: Int) -> [ManagedObject] {
        var objects: [ManagedObject] = []
        var batch = FetchBatch(entity: entity)
        for (offset, key) in keys.enumerated() {
            if offset % size == 0 { batch = FetchBatch(entity: entity) }
            let object = self.object(with: store.objectID(entity, key))
            if object.isFault, object.snapshot == nil { batch.add(object) }
            objects.append(object)
        }
        return objects
    }
}

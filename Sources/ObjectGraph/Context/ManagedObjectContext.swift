import Foundation

/// A scratch pad of objects: Core Data's `NSManagedObjectContext`.
///
/// Objects are inserted, changed and deleted here and reach the store only when the context
/// saves. Each row has at most one object per context (uniquing), fetches see unsaved changes,
/// validation and delete rules run at save, and ``rollback()`` forgets everything unsaved.
///
/// A context belongs to one queue: `.mainQueue` contexts to the main thread, `.privateQueue`
/// contexts to their own queue, entered with ``perform(_:)`` or ``performAndWait(_:)``. With
/// `OBJECTGRAPH_CONCURRENCY_DEBUG=1` (Core Data's `-com.apple.CoreData.ConcurrencyDebug 1`),
/// using a context or its objects from the wrong thread stops the program with a message.
public final class ManagedObjectContext {
    public enum ConcurrencyType {
        case mainQueue, privateQueue

        /// Core Data's spelling: `.mainQueueConcurrencyType`.
        public static let mainQueueConcurrencyType = ConcurrencyType.mainQueue
        /// Core Data's spelling: `.privateQueueConcurrencyType`.
        public static let privateQueueConcurrencyType = ConcurrencyType.privateQueue
    }

    public let concurrencyType: ConcurrencyType
    public var persistentStoreCoordinator: PersistentStoreCoordinator?
    /// A name for logs and debugging.
    public var name: String?
    /// How a save resolves conflicts with rows another context saved meanwhile; ``MergePolicy/error``,
    /// Core Data's default, makes such a save throw 133020 and write nothing.
    public var mergePolicy = MergePolicy.error
    /// Whether access from the wrong thread traps; defaults to `OBJECTGRAPH_CONCURRENCY_DEBUG`.
    public var concurrencyDebug = ProcessInfo.processInfo.environment["OBJECTGRAPH_CONCURRENCY_DEBUG"].map { $0 != "0" } ?? false

    var registry = ObjectRegistry()
    var insertedSet = InsertedObjects()
    var updatedSet = Set<ManagedObject>()
    var deletedSet = Set<ManagedObject>()
    /// Changes since the last ``processPendingChanges()``, for change notifications; inserts are
    /// kept by `insertedSet` until then.
    var unprocessed = ObjectChanges()
    /// Deleted objects whose delete rules are still to be applied.
    var deletesToPropagate: [ManagedObject] = []
    /// Whether a main-queue context has asked the main run loop to process its pending changes
    /// at the end of the current turn (see ``processPendingChangesAtEndOfTurn()``).
    var endOfTurnScheduled = false

    /// What this context's objects hold to reach it.
    lazy var reference = ContextReference(self)
    let queue: DispatchQueue
    let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    public init(concurrencyType: ConcurrencyType) {
        self.concurrencyType = concurrencyType
        switch concurrencyType {
        case .mainQueue: queue = .main
        case .privateQueue:
            queue = DispatchQueue(label: "ObjectGraph.ManagedObjectContext")
            // Only on the context's own queue, which goes with it. On the main queue, shared by
            // every main-queue context, the value would outlive the context and its key, and a
            // later context and key made at the same addresses would find it there and believe
            // the main thread is on its queue (`isOnQueue` asks `Thread.isMainThread` instead).
            queue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
        }
    }

    deinit { reference.clear() }

    var coordinator: PersistentStoreCoordinator {
        guard let coordinator = persistentStoreCoordinator else {
            fatalError("ObjectGraph: this context has no persistentStoreCoordinator; use a container's viewContext or set one.")
        }
        return coordinator
    }

    var model: ManagedObjectModel { coordinator.managedObjectModel }
    var store: PersistentStore { coordinator.store }

    // MARK: State

    /// Whether anything was inserted, changed or deleted since the last save.
    public var hasChanges: Bool {
        assertAccess()
        return !insertedSet.isEmpty || !updatedSet.isEmpty || !deletedSet.isEmpty
    }

    public var insertedObjects: Set<ManagedObject> { insertedSet.set }
    public var updatedObjects: Set<ManagedObject> { updatedSet }
    public var deletedObjects: Set<ManagedObject> { deletedSet }
    /// Every object this context holds.
    public var registeredObjects: Set<ManagedObject> { Set(registry.objects) }

    // MARK: Objects

    /// Inserts a new object: it gets its primary key now (its ID stays temporary until saved)
    /// and its attributes' default values.
    public func insert(_ object: ManagedObject) {
        assertAccess()
        guard object.managedObjectContext == nil else {
            guard object.managedObjectContext !== self else { return }
            fatalError("ObjectGraph: an object can be inserted into one context only.")
        }
        let key = store.allocatePrimaryKeys(for: object.entity, count: 1)
        object.objectID = ManagedObjectID(entity: object.entity, primaryKey: key, storeIdentifier: store.identifier, isTemporary: true)
        object.managedObjectContext = self
        object.values = object.entity.initialValues
        object.isFault = false
        object.isNew = true
        registry[object.objectID] = object
        insertedSet.insert(object)
        processPendingChangesAtEndOfTurn()
    }

    /// Marks an object for deletion when the context saves; its delete rules apply then (or at
    /// the next ``processPendingChanges()``). Deleting an object never saved simply forgets it.
    public func delete(_ object: ManagedObject) {
        assertAccess()
        guard object.managedObjectContext === self, !deletedSet.contains(object) else { return }
        if insertedSet.remove(object) != nil {
            // Never saved: it is forgotten once its delete rules have run.
            registry[object.objectID] = nil
        } else {
            updatedSet.remove(object)
            deletedSet.insert(object)
        }
        unprocessed.deleted.insert(object)
        deletesToPropagate.append(object)
        processPendingChangesAtEndOfTurn()
    }

    /// The object for `objectID`, made as a fault if this context does not hold it yet.
    public func object(with objectID: ManagedObjectID) -> ManagedObject {
        if let object = registry[objectID], object.objectID.storeIdentifier == objectID.storeIdentifier { return object }
        guard objectID.storeIdentifier == store.identifier else {
            fatalError("ObjectGraph: \(objectID) belongs to a store this context's coordinator does not have.")
        }
        let type = objectID.entity.managedObjectClass ?? ManagedObject.self
        let object = type.init(entity: objectID.entity, insertInto: nil)
        object.objectID = objectID
        object.managedObjectContext = self
        registry[objectID] = object
        return object
    }

    /// The object for `objectID`, read from the store now.
    ///
    /// - Throws: `CocoaError(.managedObjectReferentialIntegrity)`-like error 133000 when the
    ///   row no longer exists, or the ID is another store's.
    public func existingObject(with objectID: ManagedObjectID) throws -> ManagedObject {
        assertAccess()
        // The registry is keyed by entity and key only: another store's ID would find this
        // store's object.
        guard objectID.storeIdentifier == store.identifier else {
            throw CoreDataError.make(CocoaError.Code(rawValue: 133000), "The object \(objectID) belongs to a store this context's coordinator does not have.")
        }
        if let object = registry[objectID], !object.isFault || insertedSet.contains(object) { return object }
        guard let row = try store.row(of: objectID.entity, primaryKey: objectID.primaryKey) else {
            throw CoreDataError.make(CocoaError.Code(rawValue: 133000), "The object \(objectID) does not exist in the store.")
        }
        let object = self.object(with: objectID)
        if object.isFault {
            object.snapshot = row.values
            object.version = row.version
        }
        return object
    }

    /// Loads a fault's values: from the row fetched with it, its batch, or the store.
    func fulfillFault(_ object: ManagedObject) {
        if let snapshot = object.snapshot {
            // The common case, a fetched object: its row came with the fetch.
            object.values = snapshot
            object.batch = nil
            object.isFault = false
            return
        }
        if let batch = object.batch {
            batch.load(in: self)
        }
        if object.snapshot == nil {
            do {
                if let row = try store.row(of: object.entity, primaryKey: object.objectID.primaryKey) {
                    object.snapshot = row.values
                    object.version = row.version
                }
            } catch {
                fatalError("ObjectGraph: could not read \(object.objectID!): \(error)")
            }
        }
        guard let snapshot = object.snapshot else {
            fatalError("ObjectGraph could not fulfill a fault for \(object.objectID!): the row no longer exists in the store.")
        }
        object.values = snapshot
        object.batch = nil
        object.isFault = false
    }

    /// Loads the IDs a to-many relationship holds in the store, adjusted by this context's
    /// unsaved changes to the other side.
    func fulfillRelationshipFault(_ object: ManagedObject, _ relationship: RelationshipDescription) -> Set<ManagedObjectID> {
        guard !insertedSet.contains(object), let destination = relationship.destinationEntity else { return [] }
        let keys: [Int64]
        do {
            keys = try store.relatedKeys(of: object.entity, primaryKey: object.objectID.primaryKey, through: relationship)
        } catch {
            fatalError("ObjectGraph: could not read \(object.entity.name).\(relationship.name) of \(object.objectID!): \(error)")
        }
        return relatedIDs(of: object, relationship, storedKeys: keys, destination: destination)
    }

    /// The IDs a to-many relationship holds, from the keys the store holds for it (which become
    /// the object's snapshot), adjusted by this context's unsaved changes to the other side.
    func relatedIDs(
        of object: ManagedObject, _ relationship: RelationshipDescription, storedKeys keys: [Int64], destination: EntityDescription
    ) -> Set<ManagedObjectID> {
        var ids = Set(keys.map { store.objectID(destination, $0) })
        if object.snapshot != nil { object.snapshot![relationship.index] = ids }
        guard let inverse = relationship.inverseRelationship else { return ids }
        // Objects on the other side changed here but not saved yet decide for themselves.
        // (Walked in place: a union would copy both sets for every relationship fault.)
        func decide(_ other: ManagedObject) {
            guard other.entity === destination, !other.isFault, other.isNew || other.changedIndexes.contains(inverse.index) else { return }
            let pointsHere: Bool
            if inverse.isToMany {
                guard let set = other.values[inverse.index] as? Set<ManagedObjectID> else { return }
                pointsHere = set.contains(object.objectID)
            } else {
                pointsHere = other.values[inverse.index] as? ManagedObjectID == object.objectID
            }
            if pointsHere { ids.insert(other.objectID) } else { ids.remove(other.objectID) }
        }
        for other in insertedSet { decide(other) }
        for other in updatedSet { decide(other) }
        return ids
    }

    /// Records that a property of `object` changed.
    func markChanged(_ object: ManagedObject, _ index: Int) {
        if object.isNew {
            // Changed after its insert was announced: announced as an update, as Core Data does,
            // so that a fetched results controller moves it (it stays out of `updatedObjects`).
            if insertedSet.wasAnnounced(object) {
                unprocessed.updated.insert(object)
                processPendingChangesAtEndOfTurn()
            }
            return
        }
        object.changedIndexes.insert(index)
        guard registry[object.objectID] === object, !insertedSet.contains(object), !deletedSet.contains(object) else { return }
        // Announced again when it changes again after a round was processed: a second rename
        // in a later turn moves it again in a fetched results controller.
        updatedSet.insert(object)
        unprocessed.updated.insert(object)
        processPendingChangesAtEndOfTurn()
    }

    func committedSnapshot(of object: ManagedObject) -> [Any?]? {
        try? store.row(of: object.entity, primaryKey: object.objectID.primaryKey)?.values
    }

    // MARK: Forgetting

    /// Forgets every unsaved change: inserted objects leave the context, changed and deleted
    /// ones get their saved values back.
    public func rollback() {
        assertAccess()
        let forgotten = Set<ManagedObjectID>(insertedSet.map(\.objectID))
        for object in insertedSet {
            registry[object.objectID] = nil
            object.managedObjectContext = nil
            object.isNew = false
        }
        for object in updatedSet.union(deletedSet) { turnIntoFault(object) }
        // A clean object whose to-many set was loaded while an unsaved insert pointed at it holds
        // that insert too: such sets load again from the store.
        if !forgotten.isEmpty {
            for object in registry.objects where !object.isFault {
                for relationship in object.entity.relationships where relationship.isToMany {
                    guard let ids = object.values[relationship.index] as? Set<ManagedObjectID>, !ids.isDisjoint(with: forgotten) else { continue }
                    object.values[relationship.index] = nil
                }
            }
        }
        insertedSet.removeAll()
        updatedSet = []
        deletedSet = []
        deletesToPropagate = []
        unprocessed = ObjectChanges()
    }

    /// Forgets every object: the context is as new.
    public func reset() {
        assertAccess()
        for object in registry.objects { object.managedObjectContext = nil }
        registry.removeAll()
        insertedSet.removeAll()
        updatedSet = []
        deletedSet = []
        deletesToPropagate = []
        unprocessed = ObjectChanges()
    }

    /// Turns `object` back into a fault. Without `mergeChanges`, its unsaved changes are lost
    /// and its values are read from the store again when next used; with it, the store's values
    /// are read now and this context's changes are kept on top of them.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) {
        assertAccess()
        guard object.managedObjectContext === self, !insertedSet.contains(object) else { return }
        if mergeChanges, !object.changedIndexes.isEmpty, !object.isFault {
            guard let row = try? store.row(of: object.entity, primaryKey: object.objectID.primaryKey) else { return }
            var snapshot = row.values
            // Store rows leave to-many slots empty; the loaded sets stay the base that a save
            // diffs join tables against.
            for relationship in object.entity.relationships where relationship.isToMany {
                snapshot[relationship.index] = object.snapshot?[relationship.index]
            }
            var values = snapshot
            for index in object.changedIndexes { values[index] = object.values[index] }
            object.snapshot = snapshot
            object.values = values
            object.version = row.version
            return
        }
        updatedSet.remove(object)
        turnIntoFault(object)
        object.snapshot = nil
    }

    private func turnIntoFault(_ object: ManagedObject) {
        object.values = []
        object.isFault = true
        object.changedIndexes = []
        // A snapshot from the store is still right; the next read uses it without SQL.
    }
}

import Foundation

/// One row of an entity as a store reads it: values laid out like `entity.properties`
/// (attribute values; `ManagedObjectID?` for to-one relationships; nil for to-many ones,
/// which load on their own).
struct StoreRow {
    let primaryKey: Int64
    var values: [Any?]
    /// The row's version, Core Data's `Z_OPT`: 1 when inserted, one more at each save that
    /// changes the object. A save over a version other than the one its object was read with
    /// is a conflict (optimistic locking).
    var version: Int64 = 1
}

/// What a context asks a store to fetch.
struct StoreFetch {
    let entity: EntityDescription
    var predicate: GraphPredicate?
    var sortDescriptors: [GraphSortDescriptor] = []
    var limit: Int?
    var offset: Int?
}

/// A store's answer: the rows, and which parts of the request it applied itself. A store that
/// cannot translate a predicate returns every row of the entity, and the context evaluates the
/// predicate in memory.
struct StoreFetchResult {
    var rows: [StoreRow]
    var appliedPredicate: Bool
    var appliedSort: Bool
    var appliedLimit: Bool
}

/// The changes a context saves, all at once, in one transaction.
struct StoreChanges {
    /// A changed row.
    struct Write {
        let entity: EntityDescription
        let primaryKey: Int64
        /// The object's values, laid out like `entity.properties`.
        let values: [Any?]
        /// The indexes of the changed attributes and to-one relationships.
        let columnIndexes: [Int]
        /// The version the object was read with: the row must still have it.
        let expectedVersion: Int64
    }
    /// A deleted row, and the version its object was read with.
    struct Delete {
        let entity: EntityDescription
        let primaryKey: Int64
        let expectedVersion: Int64
    }
    /// New rows of one entity, in key order: the entity is named once, not once per row.
    struct Inserts {
        let entity: EntityDescription
        var rows: [(primaryKey: Int64, values: [Any?])] = []
    }
    struct JoinChange {
        let relationship: RelationshipDescription
        let source: Int64
        let destination: Int64
    }
    var inserts: [Inserts] = []
    var updates: [Write] = []
    var deletes: [Delete] = []
    var links: [JoinChange] = []
    var unlinks: [JoinChange] = []

    /// Adds a new row; rows of one entity stay in the order given.
    mutating func insert(_ entity: EntityDescription, primaryKey: Int64, values: [Any?]) {
        let group: Int
        if let last = inserts.indices.last, inserts[last].entity === entity {
            group = last
        } else if let found = inserts.firstIndex(where: { $0.entity === entity }) {
            group = found
        } else {
            inserts.append(Inserts(entity: entity))
            group = inserts.count - 1
        }
        inserts[group].rows.append((primaryKey, values))
    }

    var isEmpty: Bool { inserts.isEmpty && updates.isEmpty && deletes.isEmpty && links.isEmpty && unlinks.isEmpty }
}

/// Rows a save would have written over a version other than the one their objects were read
/// with: another context saved or deleted them meanwhile. The save writes nothing.
struct StoreConflicts: Error {
    struct Conflict {
        let entity: EntityDescription
        let primaryKey: Int64
        let expectedVersion: Int64
        /// The row as it is now; nil when it was deleted.
        let current: StoreRow?
    }
    let conflicts: [Conflict]
}

/// A place objects are kept: SQLite on disk, or memory. Both behave the same way to a context.
protocol PersistentStore: AnyObject {
    var identifier: String { get }
    var description: PersistentStoreDescription { get }
    /// Prepares the store for `model`: creates its tables, or checks (and migrates) a store
    /// made with another model.
    func load(model: ManagedObjectModel) throws
    /// Reserves `count` new primary keys for `entity` and returns the first.
    func allocatePrimaryKeys(for entity: EntityDescription, count: Int) -> Int64
    func row(of entity: EntityDescription, primaryKey: Int64) throws -> StoreRow?
    func rows(of entity: EntityDescription, primaryKeys: [Int64]) throws -> [StoreRow]
    func fetch(_ request: StoreFetch, keysOnly: Bool) throws -> StoreFetchResult
    /// The number of rows matching, or nil when the store cannot evaluate the predicate.
    func count(_ request: StoreFetch) throws -> Int?
    /// The primary keys of the objects a to-many relationship of one object holds.
    func relatedKeys(of entity: EntityDescription, primaryKey: Int64, through relationship: RelationshipDescription) throws -> [Int64]
    /// The rows of `entity` whose to-one `relationship` points at one of `keys`, for prefetching
    /// the other side of a one-to-many relationship.
    func rows(of entity: EntityDescription, whose relationship: RelationshipDescription, isIn keys: [Int64]) throws -> [StoreRow]
    /// The (source, destination) key pairs of a relationship kept in a join table, for every
    /// source key in `primaryKeys`, in source then destination order, for prefetching.
    func joinedKeys(of entity: EntityDescription, primaryKeys: [Int64], through relationship: RelationshipDescription) throws
        -> [(source: Int64, destination: Int64)]
    /// Writes `changes` in one transaction, after checking that every updated and deleted row
    /// still has the version its object was read with; throws ``StoreConflicts`` (writing
    /// nothing) when one does not. Each updated row's version goes up by one; a new row's is 1.
    func save(_ changes: StoreChanges) throws
    func close()
}

extension PersistentStore {
    func objectID(_ entity: EntityDescription, _ primaryKey: Int64) -> ManagedObjectID {
        ManagedObjectID(entity: entity, primaryKey: primaryKey, storeIdentifier: identifier)
    }
}

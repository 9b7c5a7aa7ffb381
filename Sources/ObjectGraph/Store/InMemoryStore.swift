import Foundation

/// A store that keeps its rows in memory, for previews and tests: Core Data's in-memory store.
/// It holds rows exactly as the SQLite store's tables do, so contexts behave the same on both;
/// predicates and sorting are evaluated by the context.
final class InMemoryStore: PersistentStore {
    let identifier = UUID().uuidString
    let description: PersistentStoreDescription
    private var tables: [ObjectIdentifier: [Int64: [Any?]]] = [:]
    /// Each row's version, as the SQLite store's `Z_OPT` column holds it.
    private var versions: [ObjectIdentifier: [Int64: Int64]] = [:]
    private var joins: [String: Set<Pair>] = [:]
    private var lastKeys: [ObjectIdentifier: Int64] = [:]
    private let lock = NSLock()

    private struct Pair: Hashable {
        let source: Int64
        let destination: Int64
    }

    init(description: PersistentStoreDescription) {
        self.description = description
    }

    func load(model: ManagedObjectModel) throws {}

    func allocatePrimaryKeys(for entity: EntityDescription, count: Int) -> Int64 {
        lock.withLock {
            let first = (lastKeys[ObjectIdentifier(entity)] ?? 0) + 1
            lastKeys[ObjectIdentifier(entity)] = first + Int64(count) - 1
            return first
        }
    }

    func row(of entity: EntityDescription, primaryKey: Int64) throws -> StoreRow? {
        lock.withLock { unlockedRow(of: entity, primaryKey: primaryKey) }
    }

    private func unlockedRow(of entity: EntityDescription, primaryKey: Int64) -> StoreRow? {
        tables[ObjectIdentifier(entity)]?[primaryKey].map {
            StoreRow(primaryKey: primaryKey, values: $0, version: versions[ObjectIdentifier(entity)]?[primaryKey] ?? 1)
        }
    }

    func rows(of entity: EntityDescription, primaryKeys: [Int64]) throws -> [StoreRow] {
        try primaryKeys.compactMap { try row(of: entity, primaryKey: $0) }
    }

    func fetch(_ request: StoreFetch, keysOnly: Bool) throws -> StoreFetchResult {
        let rows = lock.withLock {
            let entityVersions = versions[ObjectIdentifier(request.entity)] ?? [:]
            return (tables[ObjectIdentifier(request.entity)] ?? [:]).sorted { $0.key < $1.key }
                .map { StoreRow(primaryKey: $0.key, values: $0.value, version: entityVersions[$0.key] ?? 1) }
        }
        return StoreFetchResult(
            rows: rows, appliedPredicate: request.predicate == nil, appliedSort: request.sortDescriptors.isEmpty,
            appliedLimit: false)
    }

    func count(_ request: StoreFetch) throws -> Int? {
        guard request.predicate == nil else { return nil }
        return lock.withLock { tables[ObjectIdentifier(request.entity)]?.count ?? 0 }
    }

    func relatedKeys(of entity: EntityDescription, primaryKey: Int64, through relationship: RelationshipDescription) throws -> [Int64] {
        lock.withLock {
            if let join = StoreSchema.joinTable(relationship) {
                let pairs = joins[join.name] ?? []
                let owning = isOwningSide(relationship, join)
                return pairs.compactMap { pair in
                    owning ? (pair.source == primaryKey ? pair.destination : nil) : (pair.destination == primaryKey ? pair.source : nil)
                }.sorted()
            }
            guard let inverse = relationship.inverseRelationship, let destination = relationship.destinationEntity else { return [] }
            return (tables[ObjectIdentifier(destination)] ?? [:]).compactMap { key, values in
                (values[inverse.index] as? ManagedObjectID)?.primaryKey == primaryKey ? key : nil
            }.sorted()
        }
    }

    func rows(of entity: EntityDescription, whose relationship: RelationshipDescription, isIn keys: [Int64]) throws -> [StoreRow] {
        let wanted = Set(keys)
        return lock.withLock {
            (tables[ObjectIdentifier(entity)] ?? [:]).compactMap { key, values in
                guard let target = (values[relationship.index] as? ManagedObjectID)?.primaryKey, wanted.contains(target) else { return nil }
                return StoreRow(primaryKey: key, values: values, version: versions[ObjectIdentifier(entity)]?[key] ?? 1)
            }.sorted { $0.primaryKey < $1.primaryKey }
        }
    }

    func joinedKeys(of entity: EntityDescription, primaryKeys: [Int64], through relationship: RelationshipDescription) throws
        -> [(source: Int64, destination: Int64)]
    {
        guard let join = StoreSchema.joinTable(relationship) else { return [] }
        let wanted = Set(primaryKeys)
        return lock.withLock {
            (joins[join.name] ?? []).compactMap { pair -> (source: Int64, destination: Int64)? in
                let seen = join.isOwningSide ? (pair.source, pair.destination) : (pair.destination, pair.source)
                return wanted.contains(seen.0) ? (seen.0, seen.1) : nil
            }.sorted { ($0.source, $0.destination) < ($1.source, $1.destination) }
        }
    }

    func save(_ changes: StoreChanges) throws {
        try lock.withLock {
            // Every version is checked before anything is written: a conflict writes nothing.
            var stale: [StoreConflicts.Conflict] = []
            func check(_ entity: EntityDescription, _ key: Int64, _ expected: Int64) {
                let current = unlockedRow(of: entity, primaryKey: key)
                guard current?.version != expected else { return }
                stale.append(.init(entity: entity, primaryKey: key, expectedVersion: expected, current: current))
            }
            for write in changes.updates { check(write.entity, write.primaryKey, write.expectedVersion) }
            for delete in changes.deletes where delete.expectedVersion > 0 { check(delete.entity, delete.primaryKey, delete.expectedVersion) }
            guard stale.isEmpty else { throw StoreConflicts(conflicts: stale) }
            for group in changes.inserts {
                let entity = group.entity
                for row in group.rows {
                    var values = [Any?](repeating: nil, count: entity.properties.count)
                    for index in entity.columnIndexes { values[index] = row.values[index] }
                    tables[ObjectIdentifier(entity), default: [:]][row.primaryKey] = values
                    versions[ObjectIdentifier(entity), default: [:]][row.primaryKey] = 1
                }
            }
            for write in changes.updates {
                guard var values = tables[ObjectIdentifier(write.entity)]?[write.primaryKey] else { continue }
                for index in write.columnIndexes { values[index] = write.values[index] }
                tables[ObjectIdentifier(write.entity)]?[write.primaryKey] = values
                versions[ObjectIdentifier(write.entity), default: [:]][write.primaryKey] = write.expectedVersion + 1
            }
            for delete in changes.deletes {
                let entity = delete.entity, key = delete.primaryKey
                tables[ObjectIdentifier(entity)]?[key] = nil
                versions[ObjectIdentifier(entity)]?[key] = nil
                for relationship in entity.relationships {
                    guard let join = StoreSchema.joinTable(relationship) else { continue }
                    joins[join.name] = joins[join.name]?.filter { pair in
                        isOwningSide(relationship, join) ? pair.source != key : pair.destination != key
                    }
                }
            }
            for change in changes.links { update(change, insert: true) }
            for change in changes.unlinks { update(change, insert: false) }
        }
    }

    func close() {}

    private func update(_ change: StoreChanges.JoinChange, insert: Bool) {
        guard let join = StoreSchema.joinTable(change.relationship) else { return }
        let pair = isOwningSide(change.relationship, join)
            ? Pair(source: change.source, destination: change.destination)
            : Pair(source: change.destination, destination: change.source)
        if insert { joins[join.name, default: []].insert(pair) } else { joins[join.name]?.remove(pair) }
    }

    /// Pairs are kept as the owning side of the join table names them.
    private func isOwningSide(_ relationship: RelationshipDescription, _ join: StoreSchema.JoinTable) -> Bool {
        join.isOwningSide
    }
}

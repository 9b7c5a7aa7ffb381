/// The objects a context holds, one per row: its uniquing table.
///
/// Kept per entity and keyed by primary key rather than by `ManagedObjectID`: a context has one
/// store, so an entity and a key name one row. Keys are handed out in order at insert, so a bulk
/// insert's objects go into an array indexed by key (one run per entity); other keys, such as
/// fetched rows in any order, go into a dictionary.
struct ObjectRegistry {
    private struct Table {
        let entity: EntityDescription
        /// The objects whose keys are `runStart ..< runStart + run.count`.
        var runStart: Int64 = 0
        var run: [ManagedObject?] = []
        var others: [Int64: ManagedObject] = [:]

        subscript(key: Int64) -> ManagedObject? {
            get {
                let offset = key &- runStart
                if offset >= 0, offset < run.count { return run[Int(offset)] }
                return others[key]
            }
            set {
                var offset = key &- runStart
                if newValue != nil, offset < 0 || offset > run.count, run.count <= 16, others[key] == nil {
                    // A short run (a few objects fetched, say) gives way to a new one, as a bulk
                    // insert starts.
                    for case let object? in run { others[object.objectID.primaryKey] = object }
                    runStart = key
                    run = []
                    offset = 0
                }
                if offset >= 0, offset < run.count {
                    run[Int(offset)] = newValue
                } else if offset == run.count, let newValue {
                    run.append(newValue)
                } else {
                    others[key] = newValue
                }
            }
        }

        var objects: [ManagedObject] { run.compactMap { $0 } + others.values }
    }

    private var tables: [Table] = []

    subscript(id: ManagedObjectID) -> ManagedObject? {
        get {
            guard let table = table(of: id.entity) else { return nil }
            return tables[table][id.primaryKey]
        }
        set {
            if let table = table(of: id.entity) {
                tables[table][id.primaryKey] = newValue
            } else if let newValue {
                var table = Table(entity: id.entity)
                table[id.primaryKey] = newValue
                tables.append(table)
            }
        }
    }

    /// Every object, entity by entity.
    var objects: [ManagedObject] { tables.flatMap(\.objects) }

    mutating func removeAll() { tables = [] }

    /// Entities are few: a linear search by identity beats hashing.
    private func table(of entity: EntityDescription) -> Int? {
        tables.firstIndex { $0.entity === entity }
    }
}

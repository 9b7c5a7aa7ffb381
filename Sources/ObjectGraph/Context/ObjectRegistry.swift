/// The objects a context holds, one per row: its uniquing table.
///
/// Kept per entity and keyed by primary key rather than by `ManagedObjectID`: hashing an
/// integer costs a fraction of hashing an ID object, and a bulk insert adds one entry per
/// object. A context has one store, so an entity and a key name one row.
struct ObjectRegistry {
    private var tables: [(entity: EntityDescription, objects: [Int64: ManagedObject])] = []

    subscript(id: ManagedObjectID) -> ManagedObject? {
        get {
            guard let table = table(of: id.entity) else { return nil }
            return tables[table].objects[id.primaryKey]
        }
        set {
            if let table = table(of: id.entity) {
                tables[table].objects[id.primaryKey] = newValue
            } else if let newValue {
                tables.append((id.entity, [id.primaryKey: newValue]))
            }
        }
    }

    var count: Int { tables.reduce(0) { $0 + $1.objects.count } }

    /// Every object, entity by entity.
    var objects: [ManagedObject] { tables.flatMap { $0.objects.values } }

    mutating func removeAll() { tables = [] }

    /// Entities are few: a linear search by identity beats hashing.
    private func table(of entity: EntityDescription) -> Int? {
        tables.firstIndex { $0.entity === entity }
    }
}

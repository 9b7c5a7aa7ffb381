/// The objects a context holds, one per row: its uniquing table.
///
/// Kept per entity and keyed by primary key rather than by `ManagedObjectID`: a context has one
/// store, so an entity and a key name one row. A store hands out keys from 1 up, so an entity's
/// keys are small and nearly dense: objects go into an array indexed by key (a bulk insert's run
/// of keys, a fetch's rows in any order), and only keys far beyond it into a dictionary.
struct ObjectRegistry {
    private struct Table {
        let entity: EntityDescription
        /// The objects whose keys are below `slots.count`, at their key.
        var slots: [ManagedObject?] = []
        /// How many of `slots` hold an object.
        var filled = 0
        /// Objects whose keys lie too far beyond `slots` to grow it to them.
        var others: [Int64: ManagedObject] = [:]

        subscript(key: Int64) -> ManagedObject? {
            get {
                if key >= 0, key < slots.count { return slots[Int(key)] }
                return others.isEmpty ? nil : others[key]
            }
            set {
                if key >= 0, key >= slots.count, newValue != nil, others.isEmpty || others[key] == nil {
                    grow(toHold: key, adding: 1)
                }
                if key >= 0, key < slots.count {
                    let slot = Int(key)
                    filled += (newValue != nil ? 1 : 0) - (slots[slot] != nil ? 1 : 0)
                    slots[slot] = newValue
                } else {
                    others[key] = newValue
                }
            }
        }

        /// Grows `slots` to hold `key` when the array stays at least a quarter full once `count`
        /// more objects are added (or is small), moving in the dictionary's objects that then fit.
        mutating func grow(toHold key: Int64, adding count: Int) {
            guard key >= slots.count, key < Int64(max(1024, 4 * (filled + others.count + count))) else { return }
            let size = Int(key) + 1
            if size > slots.capacity { slots.reserveCapacity(max(size, slots.capacity * 2)) }
            slots.append(contentsOf: repeatElement(nil, count: size - slots.count))
            guard !others.isEmpty else { return }
            let fits = { (key: Int64) in key >= 0 && key < size }
            for (otherKey, object) in others where fits(otherKey) {
                slots[Int(otherKey)] = object
                filled += 1
            }
            others = others.filter { !fits($0.key) }
        }

        var objects: [ManagedObject] { slots.compactMap { $0 } + others.values }
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

    /// The objects for rows of `entity` read by one fetch, in the rows' order: the registered
    /// object for a key (handed to `existing` with the row's values), or a new fault made by
    /// `make` and registered. One pass over one table, rather than a lookup and an insert per
    /// row. Each row's values are moved out of `rows`, not copied: by now the rows are no longer
    /// in the processor's caches, and a copy would write to every row's storage.
    mutating func objects(
        for rows: inout [StoreRow], of entity: EntityDescription,
        existing: (ManagedObject, [Any?], Int64) -> Void, make: (Int64, [Any?], Int64) -> ManagedObject
    ) -> [ManagedObject] {
        if let largest = rows.lazy.map(\.primaryKey).max() { reserve(rows.count, of: entity, largestKey: largest) }
        guard let index = table(of: entity) else { return [] }
        var objects: [ManagedObject] = []
        objects.reserveCapacity(rows.count)
        for position in rows.indices {
            let key = rows[position].primaryKey
            var values: [Any?] = []
            swap(&values, &rows[position].values)
            let version = rows[position].version
            if let object = tables[index][key] {
                existing(object, values, version)
                objects.append(object)
            } else {
                let object = make(key, values, version)
                tables[index][key] = object
                objects.append(object)
            }
        }
        return objects
    }

    /// Makes room for `count` objects of `entity` with keys up to `largestKey`, such as the rows
    /// of one fetch, before they are added one by one.
    private mutating func reserve(_ count: Int, of entity: EntityDescription, largestKey: Int64) {
        let index: Int
        if let found = table(of: entity) {
            index = found
        } else {
            tables.append(Table(entity: entity))
            index = tables.count - 1
        }
        tables[index].grow(toHold: largestKey, adding: count)
    }

    /// Every object, entity by entity.
    var objects: [ManagedObject] { tables.flatMap(\.objects) }

    mutating func removeAll() { tables = [] }

    /// Entities are few: a linear search by identity beats hashing.
    private func table(of entity: EntityDescription) -> Int? {
        tables.firstIndex { $0.entity === entity }
    }
}

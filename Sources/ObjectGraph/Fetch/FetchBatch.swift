/// Faults fetched together with a `fetchBatchSize`: the first one used loads the rows of all
/// of them in one query.
final class FetchBatch {
    let entity: EntityDescription
    private(set) var objects: [ManagedObject] = []
    private var loaded = false

    init(entity: EntityDescription) {
        self.entity = entity
    }

    func add(_ object: ManagedObject) {
        objects.append(object)
        object.batch = self
    }

    func load(in context: ManagedObjectContext) {
        guard !loaded else { return }
        loaded = true
        let waiting = objects.filter { $0.isFault && $0.snapshot == nil }
        guard let rows = try? context.store.rows(of: entity, primaryKeys: waiting.map(\.objectID.primaryKey)) else { return }
        var byKey: [Int64: [Any?]] = [:]
        for row in rows { byKey[row.primaryKey] = row.values }
        for object in waiting { object.snapshot = byKey[object.objectID.primaryKey] }
        for object in objects { object.batch = nil }
        objects = []
    }
}

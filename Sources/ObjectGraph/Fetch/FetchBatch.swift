/// Faults fetched together with a `fetchBatchSize`: the first one used loads the rows of all
/// of them in one query.
///
/// The batch names its objects by ID and finds them in the context when it loads, so that
/// objects and batch never keep each other alive.
final class FetchBatch {
    let entity: EntityDescription
    private var ids: [ManagedObjectID] = []

    init(entity: EntityDescription) {
        self.entity = entity
    }

    func add(_ object: ManagedObject) {
        ids.append(object.objectID)
        object.batch = self
    }

    func load(in context: ManagedObjectContext) {
        let waiting = ids.compactMap { context.registry[$0] }.filter { $0.isFault && $0.snapshot == nil }
        ids = []
        for object in waiting { object.batch = nil }
        guard let rows = try? context.store.rows(of: entity, primaryKeys: waiting.map(\.objectID.primaryKey)) else { return }
        var byKey: [Int64: StoreRow] = [:]
        for row in rows { byKey[row.primaryKey] = row }
        for object in waiting {
            guard let row = byKey[object.objectID.primaryKey] else { continue }
            object.snapshot = row.values
            object.version = row.version
        }
    }
}

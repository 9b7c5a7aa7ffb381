/// A description of the objects to fetch: Core Data's `NSFetchRequest`.
///
/// ```swift
/// let request = Person.fetchRequest()
/// request.predicate = GraphPredicate(format: "age >= %d", 18)
/// request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
/// request.fetchLimit = 10
/// let adults = try context.fetch(request)
/// ```
public final class FetchRequest<Result: ManagedObject> {
    /// The entity's name; when nil, the entity whose class is `Result`.
    public var entityName: String?
    /// The entity to fetch, when set (Core Data's `entity`, as
    /// `EntityDescription.entity(forEntityName:in:)` gives it); setting it sets ``entityName``.
    public var entity: EntityDescription? {
        didSet { entityName = entity?.name ?? entityName }
    }
    public var predicate: GraphPredicate?
    public var sortDescriptors: [GraphSortDescriptor] = []
    /// At most this many objects (0: no limit).
    public var fetchLimit = 0
    /// Skip this many objects first.
    public var fetchOffset = 0
    /// When not 0, the fetch reads only the matching keys and returns faults that load their
    /// rows `fetchBatchSize` at a time, when one of them is first used.
    public var fetchBatchSize = 0
    /// Whether unsaved inserts, changes and deletes of the context count (true by default).
    public var includesPendingChanges = true
    /// Relationships to load with the results, each with one query for all of them rather than
    /// one or two per object when first used: `["cars"]`, `["owner"]`, `["cars.tags"]` (a path
    /// goes on from the objects the previous relationship reached). Not used with
    /// ``fetchBatchSize``, whose point is to read only what is used.
    public var relationshipKeyPathsForPrefetching: [String]?

    public init(entityName: String) {
        self.entityName = entityName
    }

    public init() {}

    func entity(in model: ManagedObjectModel) -> EntityDescription {
        if let entity, entity.managedObjectModel === model { return entity }
        if let entityName {
            guard let entity = model.entitiesByName[entityName] else {
                fatalError("ObjectGraph: the fetch request names the entity \(entityName), which the model does not have.")
            }
            return entity
        }
        guard let entity = model.entity(for: Result.self) else {
            fatalError("ObjectGraph: no entity of the model uses the class \(Result.self); give the fetch request an entityName.")
        }
        return entity
    }
}

/// What a fetch request returns when its type is not given: Core Data's `NSFetchRequestResult`,
/// as in `FetchRequest<FetchRequestResult>(entityName: "Person")` and the
/// `FetchedResultsController<FetchRequestResult>` a controller's delegate receives.
public typealias FetchRequestResult = ManagedObject

/// Lets every managed-object class make fetch requests for itself: `Person.fetchRequest()`.
public protocol FetchRequestMaking {}
extension ManagedObject: FetchRequestMaking {}

extension FetchRequestMaking where Self: ManagedObject {
    /// A fetch request for this class's entity.
    public static func fetchRequest() -> FetchRequest<Self> { FetchRequest<Self>() }
}

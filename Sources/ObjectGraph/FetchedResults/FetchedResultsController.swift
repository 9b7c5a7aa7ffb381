import Foundation

/// Fetch results divided into sections that follow the context's changes: Core Data's
/// `NSFetchedResultsController`.
///
/// ```swift
/// let request = Car.fetchRequest()
/// request.sortDescriptors = [GraphSortDescriptor(key: "owner.name"), GraphSortDescriptor(key: "make")]
/// let cars = FetchedResultsController(fetchRequest: request, managedObjectContext: context,
///                                     sectionNameKeyPath: "owner.name", cacheName: nil)
/// cars.delegate = self      // to hear about inserts, deletes, updates and moves
/// try cars.performFetch()
/// let first = cars.object(at: IndexPath(item: 0, section: 0))
/// ```
///
/// The fetch request needs sort descriptors, the first of them on `sectionNameKeyPath` when
/// there is one. After ``performFetch()`` and while it has a ``delegate``, the controller
/// listens to the context's ``Foundation/Notification/Name/managedObjectContextObjectsDidChange``
/// (posted by `processPendingChanges()`: at `save()`, before a fetch, at the end of a `perform`
/// block, and for a main-queue context at the end of the run loop's turn), updates its results in memory and reports
/// the changes; see ``FetchedResultsControllerDelegate`` for their order. Without a delegate
/// the results stay as fetched. `fetchLimit` and `fetchOffset` apply to ``performFetch()``
/// only; objects entering the results later are added whatever the limit.
public final class FetchedResultsController<Result: ManagedObject>: AnyFetchedResultsController {
    /// The request; change its predicate or sort descriptors, then call ``performFetch()`` again.
    public let fetchRequest: FetchRequest<Result>

    /// - Parameters:
    ///   - fetchRequest: what to fetch; it must have sort descriptors.
    ///   - managedObjectContext: the context to fetch in and to follow.
    ///   - sectionNameKeyPath: the key path naming each object's section, or nil for one section.
    ///   - cacheName: ignored (ObjectGraph keeps no section cache); accepted so Core Data code reads the same.
    public init(
        fetchRequest: FetchRequest<Result>, managedObjectContext: ManagedObjectContext,
        sectionNameKeyPath: String?, cacheName: String?
    ) {
        self.fetchRequest = fetchRequest
        super.init(managedObjectContext: managedObjectContext, sectionNameKeyPath: sectionNameKeyPath, cacheName: cacheName)
    }

    /// The untyped view of `controller`: the same results, for its delegate.
    init(viewing controller: AnyFetchedResultsController, fetchRequest: FetchRequest<Result>) {
        self.fetchRequest = fetchRequest
        super.init(managedObjectContext: controller.managedObjectContext, sectionNameKeyPath: controller.sectionNameKeyPath,
                   cacheName: controller.cacheName, viewing: controller)
    }

    /// What the delegate receives: this controller when it is already untyped, else a view of
    /// it whose fetch request is a copy of this one's (made once).
    private lazy var untypedView: FetchedResultsController<FetchRequestResult> = {
        if let untyped = self as? FetchedResultsController<FetchRequestResult> { return untyped }
        let request = FetchRequest<FetchRequestResult>(entityName: fetchRequest.entity(in: managedObjectContext.model).name)
        request.predicate = fetchRequest.predicate
        request.sortDescriptors = fetchRequest.sortDescriptors
        return FetchedResultsController<FetchRequestResult>(viewing: self, fetchRequest: request)
    }()

    override var delegateView: FetchedResultsController<FetchRequestResult> { untypedView }

    /// The results in order (section by section); nil until ``performFetch()``.
    public var fetchedObjects: [Result]? {
        managedObjects?.map { $0 as! Result }
    }

    /// The object at `indexPath`; a path outside the results stops the program, as Core Data
    /// raises an exception.
    public func object(at indexPath: IndexPath) -> Result {
        guard let sections else {
            fatalError("FetchedResultsController: object(at: \(indexPath)) before performFetch(); call performFetch() first.")
        }
        guard indexPath.count == 2, sections.indices.contains(indexPath[0]),
            sections[indexPath[0]].managedObjects.indices.contains(indexPath[1])
        else {
            fatalError("FetchedResultsController: no object at \(indexPath); there are \(sections.count) section(s) with "
                + "\(sections.map { String($0.numberOfObjects) }.joined(separator: ", ")) object(s).")
        }
        return sections[indexPath[0]].managedObjects[indexPath[1]] as! Result
    }

    /// Does nothing: ObjectGraph keeps no caches. Here so Core Data code compiles unchanged.
    public static func deleteCache(withName name: String?) {}

    // MARK: The typed request, for the untyped base

    override var sortDescriptors: [GraphSortDescriptor] { fetchRequest.sortDescriptors }
    override var predicate: GraphPredicate? { fetchRequest.predicate }
    override func fetchEntity() -> EntityDescription { fetchRequest.entity(in: managedObjectContext.model) }
    override func fetchObjects() throws -> [ManagedObject] { try managedObjectContext.fetch(fetchRequest) }
    override func isResult(_ object: ManagedObject) -> Bool { object is Result }
}

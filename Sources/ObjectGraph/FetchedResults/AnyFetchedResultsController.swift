import Foundation

extension CocoaError.Code {
    /// Core Data's general error, `NSCoreDataError` (134060): here, a fetched results
    /// controller whose fetch request cannot give it sections.
    public static let coreData = CocoaError.Code(rawValue: 134060)
}

/// The part of a ``FetchedResultsController`` that does not depend on its result type.
///
/// Make controllers with ``FetchedResultsController``; this class has no public initializer.
/// Two controllers are `==` when one is the other or the untyped view of it that a delegate
/// receives (see ``FetchedResultsControllerDelegate``).
public class AnyFetchedResultsController: Equatable {
    /// What a controller shares with the untyped view of it handed to its delegate: a view reads
    /// the same results, and only the controller fetches and follows the context.
    final class Storage {
        weak var delegate: FetchedResultsControllerDelegate?
        var sections: [FetchedResultsSectionInfo]?
        /// The results in order, for the typed ``FetchedResultsController/fetchedObjects``.
        var managedObjects: [ManagedObject]?
        var indexPaths: [ManagedObject: IndexPath] = [:]
        var entity: EntityDescription?
        var observer: NSObjectProtocol?
        var isFetching = false
        /// The controller itself (not a view).
        weak var controller: AnyFetchedResultsController?
    }

    let storage: Storage
    /// Whether this is the untyped view of another controller, handed to its delegate.
    let isView: Bool

    public let managedObjectContext: ManagedObjectContext
    /// The key path whose value names each object's section (`"owner.name"` goes through the
    /// to-one `owner`); nil for one section holding every result.
    public let sectionNameKeyPath: String?
    /// Accepted for Core Data compatibility and ignored: ObjectGraph keeps no section cache on
    /// disk, so `performFetch()` always computes sections from the fetch.
    public let cacheName: String?

    /// Told about changes to the results. While it is nil, the controller does not follow its
    /// context and its results stay as last fetched, as in Core Data.
    public weak var delegate: FetchedResultsControllerDelegate? {
        get { storage.delegate }
        set {
            storage.delegate = newValue
            storage.controller?.updateTracking()
        }
    }

    /// The results in sections; nil until ``performFetch()``.
    public var sections: [FetchedResultsSectionInfo]? { storage.sections }
    /// The results in order, for the typed ``FetchedResultsController/fetchedObjects``.
    var managedObjects: [ManagedObject]? { storage.managedObjects }

    /// - Parameter viewing: the controller this one is the untyped view of, if it is one.
    init(managedObjectContext: ManagedObjectContext, sectionNameKeyPath: String?, cacheName: String?,
         viewing controller: AnyFetchedResultsController? = nil) {
        self.managedObjectContext = managedObjectContext
        self.sectionNameKeyPath = sectionNameKeyPath
        self.cacheName = cacheName
        if let controller {
            storage = controller.storage
            isView = true
        } else {
            storage = Storage()
            isView = false
            storage.controller = self
        }
    }

    deinit {
        if !isView, let observer = storage.observer { NotificationCenter.default.removeObserver(observer) }
    }

    public static func == (lhs: AnyFetchedResultsController, rhs: AnyFetchedResultsController) -> Bool {
        lhs.storage === rhs.storage
    }

    /// What the delegate receives: Core Data's `NSFetchedResultsController<NSFetchRequestResult>`.
    var delegateView: FetchedResultsController<FetchRequestResult> { fatalError("FetchedResultsController overrides this") }

    // MARK: What the typed controller provides

    var sortDescriptors: [GraphSortDescriptor] { fatalError("FetchedResultsController overrides this") }
    var predicate: GraphPredicate? { fatalError("FetchedResultsController overrides this") }
    func fetchEntity() -> EntityDescription { fatalError("FetchedResultsController overrides this") }
    func fetchObjects() throws -> [ManagedObject] { fatalError("FetchedResultsController overrides this") }
    /// Whether `object` has the controller's result type.
    func isResult(_ object: ManagedObject) -> Bool { fatalError("FetchedResultsController overrides this") }

    // MARK: Fetching

    /// Fetches the results and divides them into sections; from then on, with a delegate, the
    /// controller follows the context's changes.
    ///
    /// - Throws: an `NSError` in the Cocoa domain with code 134060 (``CocoaError/Code/coreData``)
    ///   when the fetch request has no sort descriptors, or has a `sectionNameKeyPath` that is
    ///   not the key of its first sort descriptor (a section's objects must be together); or the
    ///   fetch's own error.
    public func performFetch() throws {
        if isView {
            try storage.controller?.performFetch()
            return
        }
        let descriptors = sortDescriptors
        guard let first = descriptors.first else {
            throw CoreDataError.make(.coreData, "A FetchedResultsController needs a fetch request with sort descriptors, "
                + "so that its results have a stable order: set fetchRequest.sortDescriptors, "
                + "for example to [GraphSortDescriptor(key: \"name\")], before performFetch().")
        }
        if let sectionNameKeyPath, first.key != sectionNameKeyPath {
            throw CoreDataError.make(.coreData, "The sectionNameKeyPath \"\(sectionNameKeyPath)\" must be the key of the "
                + "first sort descriptor, which is \"\(first.key)\", so that each section's objects come together: "
                + "put GraphSortDescriptor(key: \"\(sectionNameKeyPath)\") first in fetchRequest.sortDescriptors.")
        }
        // The fetch processes pending changes; this controller must not report those as changes
        // to results it is replacing anyway.
        storage.isFetching = true
        defer { storage.isFetching = false }
        storage.entity = fetchEntity()
        show(try fetchObjects())
        updateTracking()
    }

    private func show(_ objects: [ManagedObject]) {
        let sections = FetchedResultsSectionInfo.sections(of: objects, keyPath: sectionNameKeyPath)
        storage.sections = sections
        // Sections group equal names, so their concatenation is the order index paths follow.
        storage.managedObjects = sections.flatMap(\.managedObjects)
        var indexPaths: [ManagedObject: IndexPath] = [:]
        for (sectionIndex, section) in sections.enumerated() {
            for (item, object) in section.managedObjects.enumerated() {
                indexPaths[object] = IndexPath(indexes: [sectionIndex, item])
            }
        }
        storage.indexPaths = indexPaths
    }

    // MARK: Reading the results

    /// Where `object` is in the results; nil when it is not one of them.
    public func indexPath(forObject object: ManagedObject) -> IndexPath? {
        storage.indexPaths[object]
    }

    /// The section index titles: each section's ``FetchedResultsSectionInfo/indexTitle``, once.
    public var sectionIndexTitles: [String] {
        var seen = Set<String>()
        return (sections ?? []).compactMap(\.indexTitle).filter { seen.insert($0).inserted }
    }

    /// The index title for a section name: its first character, uppercased (nil for "").
    public func sectionIndexTitle(forSectionName sectionName: String) -> String? {
        FetchedResultsSectionInfo.indexTitle(forSectionName: sectionName)
    }

    /// The first section whose index title is `title`; `sectionIndex` (its position among
    /// ``sectionIndexTitles``) when none is.
    public func section(forSectionIndexTitle title: String, at sectionIndex: Int) -> Int {
        sections?.firstIndex { $0.indexTitle == title } ?? sectionIndex
    }

    // MARK: Following the context

    private func updateTracking() {
        guard !isView else { return }
        let wanted = delegate != nil && sections != nil
        if wanted, storage.observer == nil {
            storage.observer = NotificationCenter.default.addObserver(
                forName: .managedObjectContextObjectsDidChange, object: managedObjectContext, queue: nil
            ) { [weak self] notification in
                self?.contextObjectsDidChange(notification)
            }
        } else if !wanted, let observer = storage.observer {
            NotificationCenter.default.removeObserver(observer)
            storage.observer = nil
        }
    }

    /// Works out the new results in memory from the objects the context reports and tells the
    /// delegate what changed.
    ///
    /// The changed objects of the fetched entity are matched against the predicate with their
    /// current (possibly unsaved) values, so the results always agree with what a fetch would
    /// return now. As in Core Data, only changes to objects of that entity count: renaming a
    /// car's owner does not re-sort cars sorted by `owner.name`.
    private func contextObjectsDidChange(_ notification: Notification) {
        guard !storage.isFetching, let delegate, let entity = storage.entity, let oldSections = sections,
              let oldObjects = managedObjects else { return }
        let info = notification.userInfo ?? [:]
        func ours(_ key: String) -> [ManagedObject] {
            // In primary-key order, so that new objects equal under the sort come in store order.
            (info[key] as? Set<ManagedObject> ?? []).filter { $0.entity === entity }
                .sorted { $0.objectID.primaryKey < $1.objectID.primaryKey }
        }
        let inserted = ours(InsertedObjectsKey)
        let updated = ours(UpdatedObjectsKey)
        let deleted = Set(ours(DeletedObjectsKey))
        guard !(inserted.isEmpty && updated.isEmpty && deleted.isEmpty) else { return }

        var objects = oldObjects.filter { !deleted.contains($0) }
        var present = Set(objects)
        for object in inserted + updated {
            let belongs = isResult(object) && !object.isDeleted && (predicate?.evaluate(with: object) ?? true)
            if belongs {
                if present.insert(object).inserted { objects.append(object) }
            } else if present.remove(object) != nil {
                objects.removeAll { $0 === object }
            }
        }
        objects = GraphSortDescriptor.sorted(objects, by: sortDescriptors)
        show(objects)

        let changes = FetchedResultsChanges<ManagedObject>(
            from: oldSections.map { .init(name: $0.name, objects: $0.managedObjects) },
            to: (sections ?? []).map { .init(name: $0.name, objects: $0.managedObjects) },
            updated: Set(updated)
        ).changes
        guard !changes.isEmpty else { return }

        // The results are already the new ones while the changes are reported, as in Core Data:
        // `object(at: newIndexPath)` answers with the object just inserted or moved.
        let view = delegateView
        delegate.controllerWillChangeContent(view)
        for change in changes {
            switch change {
            case .section(_, let index, let type):
                let info = type == .insert ? sections![index] : oldSections[index]
                delegate.controller(view, didChange: info, atSectionIndex: index, for: type)
            case .object(let object, let indexPath, let type, let newIndexPath):
                delegate.controller(view, didChange: object, at: indexPath, for: type, newIndexPath: newIndexPath)
            }
        }
        delegate.controllerDidChangeContent(view)
    }
}

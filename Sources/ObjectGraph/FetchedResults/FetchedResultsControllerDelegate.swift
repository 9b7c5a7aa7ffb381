import Foundation

/// What happened to an object or a section: Core Data's `NSFetchedResultsChangeType`, with
/// its raw values.
public enum FetchedResultsChangeType: UInt, CustomStringConvertible {
    case insert = 1
    case delete = 2
    case move = 3
    case update = 4

    public var description: String {
        switch self {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }
}

/// Told by a ``FetchedResultsController`` how its results changed: Core Data's
/// `NSFetchedResultsControllerDelegate`, with its Swift signatures. Every method has an empty
/// default, so implement only the ones you need.
///
/// The callbacks receive the controller as `FetchedResultsController<FetchRequestResult>`, as
/// Core Data hands delegates an `NSFetchedResultsController<NSFetchRequestResult>`. Swift cannot
/// treat a `FetchedResultsController<Person>` as one of those, so a typed controller hands its
/// delegate an untyped view of itself: the same sections and objects (`object(at:)` answers with
/// the same instances, as `ManagedObject`s), and `==` to the controller, though not `===`.
///
/// One round of changes arrives as: ``controllerWillChangeContent(_:)``; section inserts, then
/// section deletes; object deletes (old index paths), inserts (new index paths), updates (old
/// index path, `newIndexPath` nil) and moves (old and new index paths); then
/// ``controllerDidChangeContent(_:)``. That is the order a table view's batch updates expect:
/// old index paths refer to the results before the change, new ones to the results after it.
///
/// ```swift
/// final class PeopleList: FetchedResultsControllerDelegate {
///     func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any,
///                     at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
///         print(type, indexPath as Any, newIndexPath as Any)
///     }
/// }
/// ```
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// Changes are about to be reported.
    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>)

    /// An object was inserted (`newIndexPath`), deleted (`indexPath`), updated in place
    /// (`indexPath`) or moved (`indexPath` to `newIndexPath`).
    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?)

    /// A section appeared (`.insert`, its new index) or emptied (`.delete`, its old index).
    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType)

    /// All changes of this round were reported; the controller's results are the new ones.
    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>)
}

extension FetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {}

    public func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {}

    public func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {}

    public func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {}
}

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
/// `NSFetchedResultsControllerDelegate`. Every method has an empty default, so implement only
/// the ones you need.
///
/// The callbacks receive the controller as ``AnyFetchedResultsController``, the part of every
/// controller that does not depend on its result type, as Core Data hands delegates an
/// `NSFetchedResultsController<NSFetchRequestResult>`. Compare it with `===` to tell several
/// controllers apart, or cast it back: `controller as? FetchedResultsController<Person>`.
///
/// One round of changes arrives as: ``controllerWillChangeContent(_:)``; section inserts, then
/// section deletes; object deletes (old index paths), inserts (new index paths), updates (old
/// index path, `newIndexPath` nil) and moves (old and new index paths); then
/// ``controllerDidChangeContent(_:)``. That is the order a table view's batch updates expect:
/// old index paths refer to the results before the change, new ones to the results after it.
///
/// ```swift
/// final class PeopleList: FetchedResultsControllerDelegate {
///     func controller(_ controller: AnyFetchedResultsController, didChange anObject: Any,
///                     at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
///         print(type, indexPath as Any, newIndexPath as Any)
///     }
/// }
/// ```
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// Changes are about to be reported.
    func controllerWillChangeContent(_ controller: AnyFetchedResultsController)

    /// An object was inserted (`newIndexPath`), deleted (`indexPath`), updated in place
    /// (`indexPath`) or moved (`indexPath` to `newIndexPath`).
    func controller(
        _ controller: AnyFetchedResultsController, didChange anObject: Any, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?)

    /// A section appeared (`.insert`, its new index) or emptied (`.delete`, its old index).
    func controller(
        _ controller: AnyFetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType)

    /// All changes of this round were reported; the controller's results are the new ones.
    func controllerDidChangeContent(_ controller: AnyFetchedResultsController)
}

extension FetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: AnyFetchedResultsController) {}

    public func controller(
        _ controller: AnyFetchedResultsController, didChange anObject: Any, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {}

    public func controller(
        _ controller: AnyFetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {}

    public func controllerDidChangeContent(_ controller: AnyFetchedResultsController) {}
}

import Foundation
import ObjectGraph

final class Contact: ManagedObject {
    @Managed var name: String?
    @Managed var initial: String?
}

/// One section of the list: its name (the initial) and its contacts' names, in order.
struct SectionSummary: Equatable {
    var name: String
    var contacts: [String]
}

enum ContactListError: Error, Equatable {
    case notFound(String)
    case exists(String)
}

/// The contacts in sections by initial, kept up to date by a fetched results controller that
/// reports every change to this object, its delegate.
final class ContactList: FetchedResultsControllerDelegate {
    init() throws {
        // TODO: the container "Contacts"; a FetchedResultsController sorted by initial, then
        // name (ignoring case), with sectionNameKeyPath "initial"; this object as its
        // delegate; performFetch().
    }

    /// Adds a contact (`ContactListError.exists` when the name is taken) and saves.
    func add(_ name: String) throws {
        // TODO
    }

    /// Renames a contact, moving it to its new initial's section, and saves.
    func rename(_ name: String, to newName: String) throws {
        // TODO
    }

    /// Deletes a contact and saves.
    func delete(_ name: String) throws {
        // TODO
    }

    /// The controller's sections, as a table view would show them.
    func sections() -> [SectionSummary] {
        // TODO
        []
    }

    /// The changes reported since the last call, oldest first.
    func takeEvents() -> [String] {
        // TODO
        []
    }

    // TODO: the delegate methods, with Core Data's signatures.
}

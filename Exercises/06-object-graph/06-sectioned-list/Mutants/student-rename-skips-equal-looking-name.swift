// Mutant: rename looks for another contact with the new name only when `newName != name` in Swift, taking an equal name for the contact's own name, but Swift's String == treats canonically equivalent texts as equal: renaming "José" written with e + a combining accent to "José" written with é, while another contact has that exact name, is not refused, and leaves two contacts named "José" (é)
// Hint: Two names that Swift calls equal can still be two different names in the store: when you decide whether the new name is the contact's own, compare names the way the store does.
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
    private let container: PersistentContainer
    private let controller: FetchedResultsController<Contact>
    private var events: [String] = []
    private var context: ManagedObjectContext { container.viewContext }

    init() throws {
        container = PersistentContainer(name: "Contacts")
        var failure: Error?
        container.loadPersistentStores { _, error in
            failure = error
        }
        if let failure {
            throw failure
        }
        let request = Contact.fetchRequest()
        request.sortDescriptors = [
            GraphSortDescriptor(key: "initial"),
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
        ]
        controller = FetchedResultsController(fetchRequest: request,
                                              managedObjectContext: container.viewContext,
                                              sectionNameKeyPath: "initial",
                                              cacheName: nil)
        controller.delegate = self
        try controller.performFetch()
    }

    // MARK: Helpers

    /// The section key of a name: its first character, uppercased, or "#" when it is empty.
    private static func initial(of name: String) -> String {
        guard let first = name.first else { return "#" }
        return String(first).uppercased()
    }

    /// The contact whose name is exactly `name` (the predicate's `==`), or nil.
    private func contact(named name: String) throws -> Contact? {
        let request = Contact.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    // MARK: Changes

    /// Adds a contact (`ContactListError.exists` when the name is taken) and saves.
    func add(_ name: String) throws {
        if try contact(named: name) != nil {
            throw ContactListError.exists(name)
        }
        let contact = Contact(context: context)
        contact.name = name
        contact.initial = Self.initial(of: name)
        try context.save()
    }

    /// Renames a contact, moving it to its new initial's section, and saves.
    func rename(_ name: String, to newName: String) throws {
        guard let contact = try contact(named: name) else {
            throw ContactListError.notFound(name)
        }
        // A contact renamed to its own name is not "another contact".
        if newName != name, try self.contact(named: newName) != nil {
            throw ContactListError.exists(newName)
        }
        contact.name = newName
        contact.initial = Self.initial(of: newName)
        if context.hasChanges {
            try context.save()
        }
    }

    /// Deletes a contact and saves.
    func delete(_ name: String) throws {
        guard let contact = try contact(named: name) else {
            throw ContactListError.notFound(name)
        }
        context.delete(contact)
        try context.save()
    }

    // MARK: Reading

    /// The controller's sections, as a table view would show them.
    func sections() -> [SectionSummary] {
        (controller.sections ?? []).map { section in
            let contacts = section.objects as? [Contact] ?? []
            return SectionSummary(name: section.name, contacts: contacts.map { $0.name ?? "" })
        }
    }

    /// The changes reported since the last call, oldest first.
    func takeEvents() -> [String] {
        let taken = events
        events.removeAll()
        return taken
    }

    // MARK: FetchedResultsControllerDelegate (Core Data's signatures)

    private static func text(_ path: IndexPath?) -> String {
        guard let path else { return "?" }
        return "\(path.section).\(path.item)"
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("will")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>,
                    didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        events.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>,
                    didChange anObject: Any, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        switch type {
        case .insert:
            events.append("insert \(Self.text(newIndexPath))")
        case .delete:
            events.append("delete \(Self.text(indexPath))")
        case .update:
            events.append("update \(Self.text(indexPath))")
        case .move:
            events.append("move \(Self.text(indexPath)) -> \(Self.text(newIndexPath))")
        @unknown default:
            events.append("\(type) \(Self.text(indexPath)) -> \(Self.text(newIndexPath))")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("did")
    }
}

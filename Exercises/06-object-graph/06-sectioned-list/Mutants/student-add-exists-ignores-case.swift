// Mutant: add's duplicate check ignores case, so "ana" is refused when "Ana" exists
// Hint: Which comparison does "exactly that name" call for?
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
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }
    let resultsController: FetchedResultsController<Contact>
    private var events: [String] = []

    init() throws {
        container = PersistentContainer(name: "Contacts")
        var loadError: Error?
        container.loadPersistentStores { _, error in
            loadError = error
        }
        if let loadError {
            throw loadError
        }
        let request = Contact.fetchRequest()
        request.sortDescriptors = [
            GraphSortDescriptor(key: "initial", ascending: true),
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
        ]
        resultsController = FetchedResultsController(
            fetchRequest: request, managedObjectContext: container.viewContext,
            sectionNameKeyPath: "initial", cacheName: nil)
        resultsController.delegate = self
        try resultsController.performFetch()
    }

    private func initial(for name: String) -> String {
        guard let first = name.first else {
            return "#"
        }
        return String(first).uppercased()
    }

    private func findContact(_ name: String) throws -> Contact? {
        let request = Contact.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    /// Adds a contact (`ContactListError.exists` when the name is taken) and saves.
    func add(_ name: String) throws {
        let sameName = Contact.fetchRequest()
        sameName.predicate = GraphPredicate(format: "name ==[c] %@", name)
        if try context.count(for: sameName) > 0 {
            throw ContactListError.exists(name)
        }
        let contact = Contact(context: context)
        contact.name = name
        contact.initial = initial(for: name)
        try context.save()
    }

    /// Renames a contact, moving it to its new initial's section, and saves.
    func rename(_ name: String, to newName: String) throws {
        guard let contact = try findContact(name) else {
            throw ContactListError.notFound(name)
        }
        if let other = try findContact(newName), other !== contact {
            throw ContactListError.exists(newName)
        }
        contact.name = newName
        contact.initial = initial(for: newName)
        try context.save()
    }

    /// Deletes a contact and saves.
    func delete(_ name: String) throws {
        guard let contact = try findContact(name) else {
            throw ContactListError.notFound(name)
        }
        context.delete(contact)
        try context.save()
    }

    /// The controller's sections, as a table view would show them.
    func sections() -> [SectionSummary] {
        guard let sections = resultsController.sections else { return [] }
        return sections.map { section in
            let contacts = section.objects as? [Contact] ?? []
            return SectionSummary(name: section.name, contacts: contacts.map { $0.name ?? "" })
        }
    }

    /// The changes reported since the last call, oldest first.
    func takeEvents() -> [String] {
        let taken = events
        events = []
        return taken
    }

    private func describe(_ indexPath: IndexPath?) -> String {
        guard let indexPath else { return "" }
        return "\(indexPath.section).\(indexPath.item)"
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("will")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        events.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        switch type {
        case .insert:
            events.append("insert \(describe(newIndexPath))")
        case .delete:
            events.append("delete \(describe(indexPath))")
        case .update:
            events.append("update \(describe(indexPath))")
        case .move:
            events.append("move \(describe(indexPath)) -> \(describe(newIndexPath))")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("did")
    }
}

// Mutant: the initial is taken from the name with its leading spaces trimmed, so " bruno" goes in section B
// Hint: A contact's initial is the first character of its name as it is stored, whatever that character is.
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
    private let controller: FetchedResultsController<Contact>
    private var events: [String] = []

    init() throws {
        container = PersistentContainer(name: "Contacts")
        var loadError: Error?
        container.loadPersistentStores { _, error in
            loadError = error
        }
        if let loadError { throw loadError }
        let request = FetchRequest<Contact>(entityName: "Contact")
        request.sortDescriptors = [
            GraphSortDescriptor(key: "initial"),
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
        ]
        controller = FetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext,
                                              sectionNameKeyPath: "initial", cacheName: nil)
        controller.delegate = self
        try controller.performFetch()
    }

    /// Adds a contact (`ContactListError.exists` when the name is taken) and saves.
    func add(_ name: String) throws {
        if try contact(named: name) != nil { throw ContactListError.exists(name) }
        let contact = Contact(context: context)
        contact.name = name
        contact.initial = ContactList.initial(of: name)
        try save()
    }

    /// Renames a contact, moving it to its new initial's section, and saves.
    func rename(_ name: String, to newName: String) throws {
        guard let contact = try contact(named: name) else { throw ContactListError.notFound(name) }
        if let other = try self.contact(named: newName), other !== contact {
            throw ContactListError.exists(newName)
        }
        contact.name = newName
        contact.initial = ContactList.initial(of: newName)
        try save()
    }

    /// Deletes a contact and saves.
    func delete(_ name: String) throws {
        guard let contact = try contact(named: name) else { throw ContactListError.notFound(name) }
        context.delete(contact)
        try save()
    }

    /// The controller's sections, as a table view would show them.
    func sections() -> [SectionSummary] {
        (controller.sections ?? []).map { section in
            SectionSummary(name: section.name,
                           contacts: ((section.objects as? [Contact]) ?? []).map { $0.name ?? "" })
        }
    }

    /// The changes reported since the last call, oldest first.
    func takeEvents() -> [String] {
        defer { events.removeAll() }
        return events
    }

    // MARK: FetchedResultsControllerDelegate

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
            events.append("insert \(ContactList.text(newIndexPath))")
        case .delete:
            events.append("delete \(ContactList.text(indexPath))")
        case .update:
            events.append("update \(ContactList.text(indexPath))")
        case .move:
            events.append("move \(ContactList.text(indexPath)) -> \(ContactList.text(newIndexPath))")
        @unknown default:
            events.append("\(type)")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("did")
    }

    // MARK: Helpers

    /// The first character of the name, uppercased, or "#" for an empty name.
    static func initial(of name: String) -> String {
        guard let first = name.trimmingCharacters(in: .whitespaces).first else { return "#" }
        return String(first).uppercased()
    }

    private static func text(_ indexPath: IndexPath?) -> String {
        guard let indexPath else { return "-" }
        return "\(indexPath.section).\(indexPath.item)"
    }

    private func contact(named name: String) throws -> Contact? {
        let request = FetchRequest<Contact>(entityName: "Contact")
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func save() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}

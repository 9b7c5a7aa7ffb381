// Mutant: rename skips the exists check whenever the new name equals the old one ignoring case, taking a change of capitals for a rename to its own name (only exactly its own name is), so with "ana" and "Ana" both there rename("ana", to: "Ana") succeeds and leaves two contacts named "Ana" instead of throwing exists("Ana")
// Hint: Only exactly its own name is no conflict: renaming bea to Bea while Bea exists is taken.
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
        if let loadError {
            throw loadError
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
        // The controller holds its delegate weakly; this list keeps the controller, and the
        // driver keeps the list.
        controller.delegate = self
        try controller.performFetch()
    }

    /// Adds a contact (`ContactListError.exists` when the name is taken) and saves.
    func add(_ name: String) throws {
        if try contact(named: name) != nil {
            throw ContactListError.exists(name)
        }
        let contact = Contact(context: context)
        contact.name = name
        contact.initial = Self.initial(of: name)
        try save()
    }

    /// Renames a contact, moving it to its new initial's section, and saves.
    func rename(_ name: String, to newName: String) throws {
        guard let contact = try contact(named: name) else {
            throw ContactListError.notFound(name)
        }
        // Renamed to its own name (perhaps with other capitals: "ana" → "Ana"), it is the
        // same contact, not "another contact": no check.
        let ownName = newName.caseInsensitiveCompare(name) == .orderedSame
        if !ownName, try self.contact(named: newName) != nil {
            throw ContactListError.exists(newName)
        }
        contact.name = newName
        contact.initial = Self.initial(of: newName)
        try save()
    }

    /// Deletes a contact and saves.
    func delete(_ name: String) throws {
        guard let contact = try contact(named: name) else {
            throw ContactListError.notFound(name)
        }
        context.delete(contact)
        try save()
    }

    /// The controller's sections, as a table view would show them.
    func sections() -> [SectionSummary] {
        (controller.sections ?? []).map { section in
            let contacts = section.objects as? [Contact] ?? []
            return SectionSummary(name: section.name, contacts: contacts.map { $0.name ?? "" })
        }
    }

    /// The changes reported since the last call, oldest first.
    func takeEvents() -> [String] {
        defer { events.removeAll() }
        return events
    }

    // MARK: - FetchedResultsControllerDelegate (Core Data's signatures)

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("will")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>,
                    didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int,
                    for type: FetchedResultsChangeType) {
        events.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>,
                    didChange anObject: Any,
                    at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType,
                    newIndexPath: IndexPath?) {
        switch type {
        case .insert:
            events.append("insert \(Self.text(newIndexPath))")
        case .delete:
            events.append("delete \(Self.text(indexPath))")
        case .move:
            events.append("move \(Self.text(indexPath)) -> \(Self.text(newIndexPath))")
        case .update:
            events.append("update \(Self.text(indexPath))")
        @unknown default:
            events.append("\(type) \(Self.text(indexPath))")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("did")
    }

    // MARK: - Helpers

    /// The first character of the name, uppercased (accents kept); `#` for an empty name.
    static func initial(of name: String) -> String {
        guard let first = name.first else { return "#" }
        return String(first).uppercased()
    }

    private static func text(_ indexPath: IndexPath?) -> String {
        guard let indexPath else { return "-" }
        return "\(indexPath.section).\(indexPath.item)"
    }

    private func contact(named name: String) throws -> Contact? {
        let request = Contact.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func save() throws {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}

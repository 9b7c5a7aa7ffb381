// Mutant: the controller sorts by name only, ignoring case, forgetting the initial as the first sort key, so a name starting with _ or [ is placed before the A section while its initial sorts after Z
// Hint: The section key must be the first sort key: sort by initial, then by name.
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
    let controller: FetchedResultsController<Contact>
    private var events: [String] = []

    init() throws {
        container = PersistentContainer(name: "Contacts")
        var loadError: Error?
        container.loadPersistentStores { _, error in
            if let error { loadError = error }
        }
        if let loadError { throw loadError }
        let request = Contact.fetchRequest()
        // The section key first, then the order inside a section.
        request.sortDescriptors = [
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
        ]
        controller = FetchedResultsController(
            fetchRequest: request, managedObjectContext: container.viewContext,
            sectionNameKeyPath: "initial", cacheName: nil)
        controller.delegate = self
        try controller.performFetch()
    }

    /// The section a name belongs in: its first character, uppercased; "#" for an empty name.
    static func initial(of name: String) -> String {
        name.first.map { String($0).uppercased() } ?? "#"
    }

    private func contact(named name: String) throws -> Contact? {
        let request = Contact.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    func add(_ name: String) throws {
        guard try contact(named: name) == nil else { throw ContactListError.exists(name) }
        let contact = Contact(context: context)
        contact.name = name
        contact.initial = Self.initial(of: name)
        try context.save()
    }

    func rename(_ name: String, to newName: String) throws {
        guard let contact = try contact(named: name) else { throw ContactListError.notFound(name) }
        if let other = try self.contact(named: newName), other !== contact {
            throw ContactListError.exists(newName)
        }
        contact.name = newName
        contact.initial = Self.initial(of: newName)
        try context.save()
    }

    func delete(_ name: String) throws {
        guard let contact = try contact(named: name) else { throw ContactListError.notFound(name) }
        context.delete(contact)
        try context.save()
    }

    /// The controller's sections, as a table view would show them.
    func sections() -> [SectionSummary] {
        (controller.sections ?? []).map { section in
            SectionSummary(name: section.name, contacts: (section.objects as? [Contact] ?? []).map { $0.name ?? "" })
        }
    }

    /// The changes reported since the last call, oldest first.
    func takeEvents() -> [String] {
        defer { events = [] }
        return events
    }

    // MARK: FetchedResultsControllerDelegate

    private static func text(_ path: IndexPath?) -> String {
        guard let path else { return "nil" }
        return "\(path.section).\(path.item)"
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("will")
    }

    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {
        events.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        switch type {
        case .insert: events.append("insert \(Self.text(newIndexPath))")
        case .delete: events.append("delete \(Self.text(indexPath))")
        case .update: events.append("update \(Self.text(indexPath))")
        case .move: events.append("move \(Self.text(indexPath)) -> \(Self.text(newIndexPath))")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("did")
    }
}

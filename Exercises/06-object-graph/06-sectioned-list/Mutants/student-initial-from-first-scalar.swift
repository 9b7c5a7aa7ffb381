// Mutant: the initial is the name's first Unicode scalar, uppercased, instead of its first Character, so a letter written with a combining accent ("e\u{301}mile", é as e + ◌́) goes to section "E" instead of "É", and a flag or an emoji with a skin tone or a joiner ("🇪🇸 Sevilla", "👩‍💻 Dev") gets only its first scalar ("🇪", "👩")
// Hint: The initial is the first Character: e + a combining accent is é, so its section is É.
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
        var loadError: Error?
        container.loadPersistentStores { _, error in
            loadError = error
        }
        if let loadError {
            throw loadError
        }

        let request = Contact.fetchRequest()
        // The section key first, then the rows' order inside a section.
        request.sortDescriptors = [
            GraphSortDescriptor(key: "initial"),
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
        ]
        controller = FetchedResultsController(
            fetchRequest: request, managedObjectContext: container.viewContext,
            sectionNameKeyPath: "initial", cacheName: nil)
        controller.delegate = self          // held weakly: this list keeps itself alive
        try controller.performFetch()
    }

    /// The section key of a name: its first character uppercased, or "#" for an empty name.
    static func initial(of name: String) -> String {
        guard let first = name.unicodeScalars.first else { return "#" }
        return String(first).uppercased()
    }

    /// Adds a contact (`ContactListError.exists` when the name is taken) and saves.
    func add(_ name: String) throws {
        if try find(name) != nil {
            throw ContactListError.exists(name)
        }
        let contact = Contact(context: context)
        contact.name = name
        contact.initial = Self.initial(of: name)
        try save()
    }

    /// Renames a contact, moving it to its new initial's section, and saves.
    func rename(_ name: String, to newName: String) throws {
        guard let contact = try find(name) else {
            throw ContactListError.notFound(name)
        }
        if let other = try find(newName), other !== contact {
            throw ContactListError.exists(newName)
        }
        contact.name = newName
        contact.initial = Self.initial(of: newName)
        try save()
    }

    /// Deletes a contact and saves.
    func delete(_ name: String) throws {
        guard let contact = try find(name) else {
            throw ContactListError.notFound(name)
        }
        context.delete(contact)
        try save()
    }

    /// The controller's sections, as a table view would show them.
    func sections() -> [SectionSummary] {
        (controller.sections ?? []).map { section in
            SectionSummary(
                name: section.name,
                contacts: (section.objects as? [Contact] ?? []).map { $0.name ?? "" })
        }
    }

    /// The changes reported since the last call, oldest first.
    func takeEvents() -> [String] {
        defer { events.removeAll() }
        return events
    }

    // MARK: - FetchedResultsControllerDelegate, with Core Data's signatures

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

    // MARK: - Helpers

    /// An index path as `section.item`.
    private static func text(_ indexPath: IndexPath?) -> String {
        guard let indexPath else { return "-" }
        return "\(indexPath.section).\(indexPath.item)"
    }

    /// The contact with exactly this name (passed as an argument: quotes are only characters).
    private func find(_ name: String) throws -> Contact? {
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

// Mutant: writes the delegate methods with the controller's own type, FetchedResultsController<Contact>, which reads naturally and compiles, but they are not the protocol's methods (its empty defaults are called instead), so no change is ever recorded
// Hint: A delegate method is called only when its signature is exactly the protocol's, with the controller typed `FetchedResultsController<FetchRequestResult>`; with another controller type it compiles as an unrelated method. Compare each of your delegate methods with the statement's signatures.
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

final class ContactList {
    let container = PersistentContainer(name: "Contacts")
    var eventLog: [String] = []

    lazy var resultsController: FetchedResultsController<Contact> = {
        let request = Contact.fetchRequest()
        // sections come from "initial", so it has to be sorted first
        request.sortDescriptors = [GraphSortDescriptor(key: "initial", ascending: true),
                                   GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]
        let frc = FetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext,
                                           sectionNameKeyPath: "initial", cacheName: nil)
        frc.delegate = self
        return frc
    }()

    init() throws {
        var storeError: Error?
        container.loadPersistentStores { _, error in storeError = error }
        if storeError != nil { throw storeError! }
        try resultsController.performFetch()
    }

    func add(_ name: String) throws {
        guard try fetchContact(name) == nil else { throw ContactListError.exists(name) }
        let c = Contact(context: container.viewContext)
        c.name = name
        c.initial = name.isEmpty ? "#" : name.prefix(1).uppercased()
        try container.viewContext.save()
    }

    func rename(_ name: String, to newName: String) throws {
        let c = try fetchContact(name)
        if c == nil { throw ContactListError.notFound(name) }
        let other = try fetchContact(newName)
        if other != nil && other != c { throw ContactListError.exists(newName) }
        c!.name = newName
        c!.initial = newName.isEmpty ? "#" : newName.prefix(1).uppercased()
        try container.viewContext.save()
    }

    func delete(_ name: String) throws {
        guard let c = try fetchContact(name) else { throw ContactListError.notFound(name) }
        container.viewContext.delete(c)
        try container.viewContext.save()
    }

    func sections() -> [SectionSummary] {
        let all = resultsController.sections ?? []
        return all.map { info in
            let contacts = (info.objects ?? []).compactMap { $0 as? Contact }
            return SectionSummary(name: info.name, contacts: contacts.map { $0.name ?? "" })
        }
    }

    func takeEvents() -> [String] {
        let events = eventLog
        eventLog = []
        return events
    }

    private func fetchContact(_ name: String) throws -> Contact? {
        let request = Contact.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try container.viewContext.fetch(request).first
    }
}

// MARK: - FetchedResultsControllerDelegate (the table view's updates)

extension ContactList: FetchedResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: FetchedResultsController<Contact>) {
        eventLog.append("will")
    }

    func controller(_ controller: FetchedResultsController<Contact>, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        eventLog.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controller(_ controller: FetchedResultsController<Contact>, didChange anObject: Any, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        let old = indexPath.map { "\($0.section).\($0.item)" } ?? "nil"
        let new = newIndexPath.map { "\($0.section).\($0.item)" } ?? "nil"
        switch type {
        case .insert:
            eventLog.append("insert \(new)")
        case .delete:
            eventLog.append("delete \(old)")
        case .move:
            eventLog.append("move \(old) -> \(new)")
        case .update:
            eventLog.append("update \(old)")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<Contact>) {
        eventLog.append("did")
    }
}

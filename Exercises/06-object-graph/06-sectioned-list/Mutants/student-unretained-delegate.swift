// Mutant: hands the controller a new ChangeRecorder object as its delegate and keeps it nowhere; the controller holds its delegate weakly, as Core Data does, so the recorder is freed at once and no change is recorded
// Hint: The controller keeps only a weak reference to its delegate, so an object made just to be the delegate and stored nowhere else is freed at once, and from then on no change is reported. Make sure something that lives as long as the list holds the delegate.
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

/// Turns the controller's callbacks into lines of text and hands each one to `record`.
/// Kept apart from ContactList so the list only deals with the data.
final class ChangeRecorder: FetchedResultsControllerDelegate {
    let record: (String) -> Void

    init(record: @escaping (String) -> Void) {
        self.record = record
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        record("will")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        record("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        func p(_ path: IndexPath?) -> String {
            guard let path = path else { return "nil" }
            return "\(path.section).\(path.item)"
        }
        switch type {
        case .insert: record("insert " + p(newIndexPath))
        case .delete: record("delete " + p(indexPath))
        case .update: record("update " + p(indexPath))
        case .move: record("move " + p(indexPath) + " -> " + p(newIndexPath))
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        record("did")
    }
}

final class ContactList {
    private let store: PersistentContainer
    private let results: FetchedResultsController<Contact>
    private var pending: [String] = []

    init() throws {
        store = PersistentContainer(name: "Contacts")
        var failure: Error?
        store.loadPersistentStores { _, error in
            if error != nil { failure = error }
        }
        if let failure { throw failure }

        let request = Contact.fetchRequest()
        request.sortDescriptors = [
            GraphSortDescriptor(key: "initial"),   // must be first: it is the section key
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
        ]
        results = FetchedResultsController(fetchRequest: request, managedObjectContext: store.viewContext,
                                           sectionNameKeyPath: "initial", cacheName: nil)
        results.delegate = ChangeRecorder { [weak self] line in
            self?.pending.append(line)
        }
        try results.performFetch()
    }

    private func initialLetter(_ name: String) -> String {
        guard let first = name.first else { return "#" }
        return first.uppercased()
    }

    private func contactNamed(_ name: String) throws -> Contact? {
        let request = Contact.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        let matches = try store.viewContext.fetch(request)
        return matches.isEmpty ? nil : matches[0]
    }

    func add(_ name: String) throws {
        if try contactNamed(name) != nil {
            throw ContactListError.exists(name)
        }
        let contact = Contact(context: store.viewContext)
        contact.name = name
        contact.initial = initialLetter(name)
        try store.viewContext.save()
    }

    func rename(_ name: String, to newName: String) throws {
        guard let contact = try contactNamed(name) else {
            throw ContactListError.notFound(name)
        }
        if let clash = try contactNamed(newName), clash != contact {
            throw ContactListError.exists(newName)
        }
        contact.name = newName
        contact.initial = initialLetter(newName)
        try store.viewContext.save()
    }

    func delete(_ name: String) throws {
        guard let contact = try contactNamed(name) else {
            throw ContactListError.notFound(name)
        }
        store.viewContext.delete(contact)
        try store.viewContext.save()
    }

    func sections() -> [SectionSummary] {
        var out: [SectionSummary] = []
        for section in results.sections ?? [] {
            var names: [String] = []
            for object in section.objects ?? [] {
                if let contact = object as? Contact { names.append(contact.name ?? "") }
            }
            out.append(SectionSummary(name: section.name, contacts: names))
        }
        return out
    }

    func takeEvents() -> [String] {
        defer { pending.removeAll() }
        return pending
    }
}

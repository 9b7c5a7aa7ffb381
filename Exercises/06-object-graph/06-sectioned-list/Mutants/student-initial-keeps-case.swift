// Mutant: takes the first character of the name as it is, without uppercasing it, so alba and Ana land in two sections, a and A
// Hint: The initial is the name's first character in capitals, so `alba` and `Ana` share the section A. Check the initial you store for a name that starts with a lowercase letter.
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

final class ContactList: FetchedResultsControllerDelegate {
    private let persistentContainer: PersistentContainer
    private var frc: FetchedResultsController<Contact>!
    private var changes = [String]()

    private var viewContext: ManagedObjectContext {
        persistentContainer.viewContext
    }

    init() throws {
        persistentContainer = PersistentContainer(name: "Contacts")
        var problem: Error? = nil
        persistentContainer.loadPersistentStores { _, error in
            problem = error
        }
        if let problem = problem {
            throw problem
        }
        try setUpController()
    }

    private func setUpController() throws {
        let fetchRequest = Contact.fetchRequest()
        let byInitial = GraphSortDescriptor(key: "initial")
        let byName = GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)
        fetchRequest.sortDescriptors = [byInitial, byName]
        frc = FetchedResultsController(fetchRequest: fetchRequest,
                                       managedObjectContext: viewContext,
                                       sectionNameKeyPath: "initial",
                                       cacheName: nil)
        frc.delegate = self
        try frc.performFetch()
    }

    // The section title for a name: its first letter, "#" if there is none.
    private func sectionTitle(for name: String) -> String {
        if name.isEmpty {
            return "#"
        }
        return String(name.prefix(1))
    }

    private func find(_ name: String) throws -> Contact? {
        let fetchRequest = Contact.fetchRequest()
        fetchRequest.predicate = GraphPredicate(format: "name == %@", name)
        fetchRequest.fetchLimit = 1
        let found = try viewContext.fetch(fetchRequest)
        return found.first
    }

    func add(_ name: String) throws {
        if try find(name) != nil {
            throw ContactListError.exists(name)
        }
        let newContact = Contact(context: viewContext)
        newContact.initial = sectionTitle(for: name)
        newContact.name = name
        try viewContext.save()
    }

    func rename(_ name: String, to newName: String) throws {
        guard let existing = try find(name) else {
            throw ContactListError.notFound(name)
        }
        if newName != name {
            if try find(newName) != nil {
                throw ContactListError.exists(newName)
            }
        }
        existing.initial = sectionTitle(for: newName)
        existing.name = newName
        try viewContext.save()
    }

    func delete(_ name: String) throws {
        if let existing = try find(name) {
            viewContext.delete(existing)
            try viewContext.save()
        } else {
            throw ContactListError.notFound(name)
        }
    }

    func sections() -> [SectionSummary] {
        var result: [SectionSummary] = []
        guard let sectionInfos = frc.sections else { return result }
        for (s, info) in sectionInfos.enumerated() {
            var names: [String] = []
            for row in 0..<info.numberOfObjects {
                let contact = frc.object(at: IndexPath(item: row, section: s))
                names.append(contact.name ?? "")
            }
            result.append(SectionSummary(name: info.name, contacts: names))
        }
        return result
    }

    func takeEvents() -> [String] {
        let taken = changes
        changes.removeAll()
        return taken
    }

    // MARK: - delegate

    private func describe(_ indexPath: IndexPath?) -> String {
        if let indexPath = indexPath {
            return String(indexPath.section) + "." + String(indexPath.item)
        }
        return "nil"
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        changes.append("will")
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        let what = type == .insert ? "insert" : "delete"
        changes.append("section " + what + " " + String(sectionIndex) + " " + sectionInfo.name)
    }

    func controller(_ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        if type == .insert {
            changes.append("insert " + describe(newIndexPath))
        } else if type == .delete {
            changes.append("delete " + describe(indexPath))
        } else if type == .move {
            changes.append("move " + describe(indexPath) + " -> " + describe(newIndexPath))
        } else {
            changes.append("update " + describe(indexPath))
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        changes.append("did")
    }
}

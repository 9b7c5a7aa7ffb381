// Mutant: serverUpdate changes and saves the main context's contact, so the server's values replace the user's open edit and the unfinished edit is saved with them
// Hint: Which context does the sync use, and what else would saving the main context save?
import Foundation
import ObjectGraph

/// A contact (entity `Contact` of `AddressBook.yml`).
final class Contact: ManagedObject {
    @Managed var name: String?
    @Managed var phone: String?
    @Managed var email: String?
}

/// A contact as the list screen shows it.
struct ContactRow: Equatable {
    var name: String
    var phone: String?
    var email: String?
}

enum AddressBookError: Error, Equatable {
    case notFound(String)
    case exists(String)
}

/// The contacts of `AddressBook.sqlite`: edited on the main context by the user, updated from a
/// background context by the server's sync.
final class AddressBook {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    init() throws {
        container = PersistentContainer(name: "AddressBook")
        var loadError: Error?
        container.loadPersistentStores { _, error in
            if let error { loadError = error }
        }
        if let loadError { throw loadError }
        // A conflict with the server's save is resolved property by property, the user's edits
        // winning: what the user did not edit takes the server's values.
        context.mergePolicy = MergePolicy.mergeByPropertyObjectTrump
    }

    private static func contact(named name: String, in context: ManagedObjectContext) throws -> Contact? {
        let request = Contact.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    private func existing(_ name: String) throws -> Contact {
        guard let contact = try Self.contact(named: name, in: context) else { throw AddressBookError.notFound(name) }
        return contact
    }

    func add(_ name: String) throws {
        guard try Self.contact(named: name, in: context) == nil else { throw AddressBookError.exists(name) }
        let contact = Contact(context: context)
        contact.name = name
        try context.save()
    }

    func editPhone(_ name: String, to phone: String?) throws {
        try existing(name).phone = phone
    }

    func editEmail(_ name: String, to email: String?) throws {
        try existing(name).email = email
    }

    func serverUpdate(_ name: String, phone: String?, email: String?) throws {
        let contact = try existing(name)
        contact.phone = phone
        contact.email = email
        try context.save()
    }

    func done() throws {
        try context.save()
    }

    func cancel() {
        context.rollback()
    }

    func pullToRefresh() {
        // The store's values, with the user's unsaved edits kept on top.
        for object in context.registeredObjects {
            context.refresh(object, mergeChanges: true)
        }
    }

    func contacts() throws -> [ContactRow] {
        let request = Contact.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request).map { ContactRow(name: $0.name ?? "", phone: $0.phone, email: $0.email) }
    }
}

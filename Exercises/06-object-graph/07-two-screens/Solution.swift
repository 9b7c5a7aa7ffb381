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
    /// The main context, which the screens use.
    var context: ManagedObjectContext { container.viewContext }

    init() throws {
        container = PersistentContainer(name: "AddressBook")
        // TODO: load its stores, throwing the load error.
    }

    /// Inserts a contact in the main context and saves (`exists` when the name is taken).
    func add(_ name: String) throws {
        // TODO
    }

    /// The edit screen: sets the phone in the main context, without saving.
    func editPhone(_ name: String, to phone: String?) throws {
        // TODO
    }

    /// The edit screen: sets the email in the main context, without saving.
    func editEmail(_ name: String, to email: String?) throws {
        // TODO
    }

    /// The sync: the server's phone and email, saved by a background context.
    func serverUpdate(_ name: String, phone: String?, email: String?) throws {
        // TODO
    }

    /// Done: saves the main context, the user's edits winning where the user edited.
    func done() throws {
        // TODO
    }

    /// Cancel: forgets the unsaved edits.
    func cancel() {
        // TODO
    }

    /// Shows what the store holds, keeping the unsaved edits.
    func pullToRefresh() {
        // TODO
    }

    /// Every contact as the main context holds it, sorted by name.
    func contacts() throws -> [ContactRow] {
        // TODO
        []
    }
}

import Foundation
import ObjectGraph

enum ContactError: Error, Equatable {
    /// `find(field:equals:)` was asked for a field a contact does not have.
    case unknownField(String)
}

/// The contacts of `Agenda.sqlite`, searched with predicates the store runs.
final class ContactDirectory {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Loads the model `Agenda.yml` and opens its store.
    init() {
        container = PersistentContainer(name: "Agenda")
        // TODO: load the persistent stores.
    }

    /// Inserts a contact and saves.
    func add(name: String, city: String) throws {
        // TODO
    }

    /// Contacts whose name contains `text` ignoring case and, when `city` is given, who live
    /// there; sorted, skipping `offset` of them and keeping at most `limit` (0: all).
    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        // TODO: a compound predicate, sort descriptors, fetchLimit and fetchOffset.
        []
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        // TODO
        []
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        // TODO
        []
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        // TODO: %K for the field, %@ for the value.
        []
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    func count(text: String, city: String?) throws -> Int {
        // TODO: count(for:)
        -1
    }
}

// The model's class, as `objectgraph-codegen Agenda.yml` writes it (given: do not change).
// given: begin

final class Contact: ManagedObject {
    @Managed var name: String?
    @Managed var city: String?
}

extension Contact {
    class func fetchRequest() -> FetchRequest<Contact> { FetchRequest<Contact>(entityName: "Contact") }
}
// given: end

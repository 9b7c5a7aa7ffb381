// Mutant: names equal ignoring case are ordered by city instead of by the name as written
// Hint: Check the tie-break between "Ana" and "ana" when they live in different cities.
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
        container.loadPersistentStores { _, error in
            if let error {
                fatalError("Could not open the store: \(error)")
            }
        }
    }

    private func sortedRequest() -> FetchRequest<Contact> {
        let request = Contact.fetchRequest()
        request.sortDescriptors = [
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
            GraphSortDescriptor(key: "city", ascending: true),
        ]
        return request
    }

    private func namePredicate(_ text: String) -> GraphPredicate {
        GraphPredicate(format: "name CONTAINS[c] %@", text)
    }

    private func searchPredicate(text: String, city: String?) -> GraphPredicate {
        var parts: [GraphPredicate] = []
        if !text.isEmpty {
            parts.append(namePredicate(text))
        }
        if let city {
            parts.append(GraphPredicate(format: "city == %@", city))
        }
        return CompoundPredicate(type: .and, subpredicates: parts)
    }

    /// Inserts a contact and saves.
    func add(name: String, city: String) throws {
        let contact = Contact(context: context)
        contact.name = name
        contact.city = city
        try context.save()
    }

    /// Contacts whose name contains `text` ignoring case and, when `city` is given, who live
    /// there; sorted, skipping `offset` of them and keeping at most `limit` (0: all).
    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        let request = sortedRequest()
        request.predicate = searchPredicate(text: text, city: city)
        request.fetchLimit = limit
        request.fetchOffset = offset
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        let request = sortedRequest()
        let cityPredicate = GraphPredicate(format: "city == %@", city)
        if text.isEmpty {
            request.predicate = cityPredicate
        } else {
            request.predicate = CompoundPredicate(type: .or, subpredicates: [namePredicate(text), cityPredicate])
        }
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let request = sortedRequest()
        var parts = [CompoundPredicate(type: .not, subpredicates: [GraphPredicate(format: "city == %@", city)])]
        if !text.isEmpty {
            parts.insert(namePredicate(text), at: 0)
        }
        request.predicate = CompoundPredicate(type: .and, subpredicates: parts)
        return try context.fetch(request)
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else {
            throw ContactError.unknownField(field)
        }
        let request = sortedRequest()
        request.predicate = GraphPredicate(format: "%K ==[c] %@", field, value)
        return try context.fetch(request)
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    func count(text: String, city: String?) throws -> Int {
        let request = Contact.fetchRequest()
        request.predicate = searchPredicate(text: text, city: city)
        return try context.count(for: request)
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

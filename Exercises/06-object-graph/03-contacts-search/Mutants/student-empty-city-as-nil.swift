// Mutant: search and count treat an empty city like nil and add no city condition, so search(text: "ana", city: "") lists every "ana" contact (and count counts them) instead of only those whose city is "" (none here)
// Hint: Only a nil city leaves the city out; an empty city is a city like any other, which only contacts with no city text match.
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
            if let error { fatalError("Could not open the agenda: \(error)") }
        }
    }

    private let order = [
        GraphSortDescriptor(key: "name", comparison: .caseInsensitive),
        GraphSortDescriptor(key: "name"),
        GraphSortDescriptor(key: "city"),
    ]

    /// The name condition, or nil for an empty text.
    private func nameCondition(_ text: String) -> GraphPredicate? {
        text.isEmpty ? nil : GraphPredicate(format: "name CONTAINS[c] %@", text)
    }

    private func cityCondition(_ city: String) -> GraphPredicate {
        GraphPredicate(format: "city == %@", city)
    }

    private func searchPredicate(text: String, city: String?) -> GraphPredicate? {
        var parts: [GraphPredicate] = []
        if let name = nameCondition(text) { parts.append(name) }
        if let city, !city.isEmpty { parts.append(cityCondition(city)) }
        return parts.isEmpty ? nil : CompoundPredicate(type: .and, subpredicates: parts)
    }

    private func fetch(_ predicate: GraphPredicate?, limit: Int = 0, offset: Int = 0) throws -> [Contact] {
        let request = Contact.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = order
        request.fetchLimit = limit
        request.fetchOffset = offset
        return try context.fetch(request)
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
        try fetch(searchPredicate(text: text, city: city), limit: limit, offset: offset)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        guard let name = nameCondition(text) else { return try fetch(cityCondition(city)) }
        return try fetch(CompoundPredicate(type: .or, subpredicates: [name, cityCondition(city)]))
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let notCity = CompoundPredicate(type: .not, subpredicates: [cityCondition(city)])
        guard let name = nameCondition(text) else { return try fetch(notCity) }
        return try fetch(CompoundPredicate(type: .and, subpredicates: [name, notCity]))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else { throw ContactError.unknownField(field) }
        return try fetch(GraphPredicate(format: "%K ==[c] %@", field, value))
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

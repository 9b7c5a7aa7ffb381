// Mutant: count keeps each answer in a dictionary keyed by text and city and returns it again on later calls in the launch, so contacts added afterwards are not counted
// Hint: A count must ask the store each time: contacts added since the last count change it.
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
            if let error { fatalError("Could not open the store: \(error)") }
        }
    }

    /// Inserts a contact and saves.
    func add(name: String, city: String) throws {
        let contact = Contact(context: context)
        contact.name = name
        contact.city = city
        try context.save()
    }

    /// Name ignoring case, then name as written, then city: no two different rows tie.
    private static let order = [
        GraphSortDescriptor(key: "name", comparison: .caseInsensitive),
        GraphSortDescriptor(key: "name"),
        GraphSortDescriptor(key: "city"),
    ]

    /// `name CONTAINS[c] text`, or nil for an empty text, which puts no condition on the name.
    /// The text is an argument, never part of the format, so quotes and wildcards in it are
    /// only characters.
    private static func nameContains(_ text: String) -> GraphPredicate? {
        text.isEmpty ? nil : GraphPredicate(format: "name CONTAINS[c] %@", text)
    }

    private static func request(_ conditions: [GraphPredicate], anyOf: Bool = false) -> FetchRequest<Contact> {
        let request = Contact.fetchRequest()
        if !conditions.isEmpty {
            request.predicate = CompoundPredicate(type: anyOf ? .or : .and, subpredicates: conditions)
        }
        request.sortDescriptors = order
        return request
    }

    private static func filter(text: String, city: String?) -> [GraphPredicate] {
        var conditions: [GraphPredicate] = []
        if let condition = nameContains(text) { conditions.append(condition) }
        if let city { conditions.append(GraphPredicate(format: "city == %@", city)) }
        return conditions
    }

    /// Contacts whose name contains `text` ignoring case and, when `city` is given, who live
    /// there; sorted, skipping `offset` of them and keeping at most `limit` (0: all).
    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        let request = Self.request(Self.filter(text: text, city: city))
        request.fetchLimit = limit
        request.fetchOffset = offset
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        let conditions = [Self.nameContains(text), GraphPredicate(format: "city == %@", city)]
        return try context.fetch(Self.request(conditions.compactMap { $0 }, anyOf: true))
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let outside = CompoundPredicate(notPredicateWithSubpredicate: GraphPredicate(format: "city == %@", city))
        return try context.fetch(Self.request([Self.nameContains(text), outside].compactMap { $0 }))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard ["name", "city"].contains(field) else { throw ContactError.unknownField(field) }
        return try context.fetch(Self.request([GraphPredicate(format: "%K ==[c] %@", field, value)]))
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    private var counts: [String: Int] = [:]

    func count(text: String, city: String?) throws -> Int {
        let key = text + "\u{0}" + (city ?? "\u{1}")
        if let known = counts[key] { return known }
        let count = try context.count(for: Self.request(Self.filter(text: text, city: city)))
        counts[key] = count
        return count
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

// Mutant: the name condition looks for the typed text in the city as well as in the name (`name CONTAINS[c] %@ OR city CONTAINS[c] %@`, as an agenda's search box often does), so search(text: "sevilla", city: nil, …) lists everyone who lives in Sevilla although no name contains "sevilla", and the counts, OR and NOT lists grow the same way
// Hint: The name condition looks at the name only: a text that appears only in a contact's city must not find that contact.
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
                fatalError("Could not open the agenda's store: \(error)")
            }
        }
    }

    /// Inserts a contact and saves.
    func add(name: String, city: String) throws {
        let contact = Contact(context: context)
        contact.name = name
        contact.city = city
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }

    /// Contacts whose name contains `text` ignoring case and, when `city` is given, who live
    /// there; sorted, skipping `offset` of them and keeping at most `limit` (0: all).
    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        let request = sortedRequest(searchPredicate(text: text, city: city))
        request.fetchOffset = max(offset, 0)
        request.fetchLimit = max(limit, 0)
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        // An empty text adds no condition: the city condition is then the only one.
        let conditions = [nameCondition(text), cityCondition(city)].compactMap { $0 }
        return try context.fetch(sortedRequest(CompoundPredicate(type: .or, subpredicates: conditions)))
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let notInCity = CompoundPredicate(type: .not, subpredicates: [cityCondition(city)])
        let conditions = [nameCondition(text), notInCity].compactMap { $0 }
        return try context.fetch(sortedRequest(CompoundPredicate(type: .and, subpredicates: conditions)))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else {
            throw ContactError.unknownField(field)
        }
        return try context.fetch(sortedRequest(GraphPredicate(format: "%K ==[c] %@", field, value)))
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    func count(text: String, city: String?) throws -> Int {
        let request = Contact.fetchRequest()
        request.predicate = searchPredicate(text: text, city: city)
        return try context.count(for: request)
    }

    // MARK: - Predicates and order

    /// `name CONTAINS[c] text`, or no condition at all for an empty text. The text is an
    /// argument, so quotes, `%`, `*`, `?` or `%@` in it are only characters.
    private func nameCondition(_ text: String) -> GraphPredicate? {
        text.isEmpty ? nil : GraphPredicate(format: "name CONTAINS[c] %@ OR city CONTAINS[c] %@", text, text)
    }

    /// `city == city`: exactly that city, case and accents included.
    private func cityCondition(_ city: String) -> GraphPredicate {
        GraphPredicate(format: "city == %@", city)
    }

    /// The name condition AND, when a city is given, the city condition; nil when there is
    /// no condition at all.
    private func searchPredicate(text: String, city: String?) -> GraphPredicate? {
        let conditions = [nameCondition(text), city.map(cityCondition)].compactMap { $0 }
        switch conditions.count {
        case 0: return nil
        case 1: return conditions[0]
        default: return CompoundPredicate(type: .and, subpredicates: conditions)
        }
    }

    /// A request for `predicate`'s contacts in the order of every list: by name ignoring case,
    /// then by name as written, then by city.
    private func sortedRequest(_ predicate: GraphPredicate?) -> FetchRequest<Contact> {
        let request = Contact.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = [
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
            GraphSortDescriptor(key: "name", ascending: true),
            GraphSortDescriptor(key: "city", ascending: true),
        ]
        return request
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

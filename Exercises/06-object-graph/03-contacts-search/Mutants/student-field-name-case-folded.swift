// Mutant: find lowercases the field before checking it, so "Name" or "CITY" are searched instead of throwing unknownField
// Hint: Only the exact field names "name" and "city" are fields; any other spelling is an unknown field.
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
        request.fetchLimit = max(limit, 0)
        request.fetchOffset = max(offset, 0)
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        let predicate: GraphPredicate
        if let name = nameCondition(text) {
            predicate = CompoundPredicate(type: .or, subpredicates: [name, cityCondition(city)])
        } else {
            predicate = cityCondition(city)
        }
        return try context.fetch(sortedRequest(predicate))
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let outside = CompoundPredicate(type: .not, subpredicates: [cityCondition(city)])
        return try context.fetch(sortedRequest(and([nameCondition(text), outside])))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        let key = field.lowercased()
        guard key == "name" || key == "city" else { throw ContactError.unknownField(field) }
        return try context.fetch(sortedRequest(GraphPredicate(format: "%K ==[c] %@", key, value)))
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    func count(text: String, city: String?) throws -> Int {
        let request = Contact.fetchRequest()
        request.predicate = searchPredicate(text: text, city: city)
        return try context.count(for: request)
    }

    // MARK: Helpers

    /// The name condition, or nil for an empty text (no condition).
    private func nameCondition(_ text: String) -> GraphPredicate? {
        text.isEmpty ? nil : GraphPredicate(format: "name CONTAINS[c] %@", text)
    }

    private func cityCondition(_ city: String) -> GraphPredicate {
        GraphPredicate(format: "city == %@", city)
    }

    private func searchPredicate(text: String, city: String?) -> GraphPredicate? {
        and([nameCondition(text), city.map(cityCondition)])
    }

    /// The conditions joined with AND; nil when there are none.
    private func and(_ conditions: [GraphPredicate?]) -> GraphPredicate? {
        let present = conditions.compactMap { $0 }
        switch present.count {
        case 0: return nil
        case 1: return present[0]
        default: return CompoundPredicate(type: .and, subpredicates: present)
        }
    }

    private func sortedRequest(_ predicate: GraphPredicate?) -> FetchRequest<Contact> {
        let request = Contact.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = [
            GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive),
            GraphSortDescriptor(key: "name"),
            GraphSortDescriptor(key: "city"),
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

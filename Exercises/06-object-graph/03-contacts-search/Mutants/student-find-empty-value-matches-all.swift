// Mutant: find treats an empty value like an empty search text, as no condition (a rule the statement gives only for the searches' name condition), so find(field: "name", equals: "") lists every contact instead of only those whose name is empty, and find(field: "city", equals: "") every contact instead of none
// Hint: find compares the field with the value, even an empty one: only an empty field equals "".
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
                fatalError("Could not open the store Agenda.sqlite: \(error)")
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
        let request = sortedRequest(matching: searchPredicate(text: text, city: city))
        request.fetchOffset = max(offset, 0)
        request.fetchLimit = max(limit, 0)
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
        return try context.fetch(sortedRequest(matching: predicate))
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let outside = CompoundPredicate(type: .not, subpredicates: [cityCondition(city)])
        let predicate: GraphPredicate
        if let name = nameCondition(text) {
            predicate = CompoundPredicate(type: .and, subpredicates: [name, outside])
        } else {
            predicate = outside
        }
        return try context.fetch(sortedRequest(matching: predicate))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else {
            throw ContactError.unknownField(field)
        }
        // As for the text of a search, an empty value adds no condition.
        if value.isEmpty {
            return try context.fetch(sortedRequest(matching: nil))
        }
        return try context.fetch(sortedRequest(matching: GraphPredicate(format: "%K ==[c] %@", field, value)))
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    func count(text: String, city: String?) throws -> Int {
        let request = Contact.fetchRequest()
        request.predicate = searchPredicate(text: text, city: city)
        return try context.count(for: request)
    }

    // MARK: - Predicates and order

    /// `name CONTAINS[c] text`, or nil for an empty text (no condition).
    private func nameCondition(_ text: String) -> GraphPredicate? {
        text.isEmpty ? nil : GraphPredicate(format: "name CONTAINS[c] %@", text)
    }

    private func cityCondition(_ city: String) -> GraphPredicate {
        GraphPredicate(format: "city == %@", city)
    }

    /// The conditions of `search`, joined with AND; nil when there are none.
    private func searchPredicate(text: String, city: String?) -> GraphPredicate? {
        var conditions: [GraphPredicate] = []
        if let name = nameCondition(text) { conditions.append(name) }
        if let city { conditions.append(cityCondition(city)) }
        switch conditions.count {
        case 0: return nil
        case 1: return conditions[0]
        default: return CompoundPredicate(type: .and, subpredicates: conditions)
        }
    }

    private func sortedRequest(matching predicate: GraphPredicate?) -> FetchRequest<Contact> {
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

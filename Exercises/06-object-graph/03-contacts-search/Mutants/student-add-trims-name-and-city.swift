// Mutant: add trims the spaces and newlines around the name and the city before saving, as a form does with what the user typed, so " Ana " living in " Sevilla " is stored as "Ana" in "Sevilla": search(text: " Ana ", ...) no longer finds it, search(text: "", city: "Sevilla", ...) now does, and ZCONTACT holds other texts than the ones added
// Hint: Does the statement ask add to change the name or the city it is given before it saves them?
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
        // What the user typed in a form: drop the spaces around it.
        let contact = Contact(context: context)
        contact.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        contact.city = city.trimmingCharacters(in: .whitespacesAndNewlines)
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
        request.fetchOffset = max(0, offset)
        request.fetchLimit = max(0, limit)     // 0 is no limit
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        let predicate: GraphPredicate
        if let name = nameCondition(text) {
            predicate = CompoundPredicate(type: .or, subpredicates: [name, cityCondition(city)])
        } else {
            predicate = cityCondition(city)     // an empty text adds no condition
        }
        return try context.fetch(sortedRequest(matching: predicate))
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let elsewhere = CompoundPredicate(type: .not, subpredicates: [cityCondition(city)])
        let conditions = [nameCondition(text), elsewhere].compactMap { $0 }
        return try context.fetch(sortedRequest(matching: all(conditions)))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard Self.fields.contains(field) else {
            throw ContactError.unknownField(field)
        }
        let predicate = GraphPredicate(format: "%K ==[c] %@", field, value)
        return try context.fetch(sortedRequest(matching: predicate))
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    func count(text: String, city: String?) throws -> Int {
        let request = Contact.fetchRequest()
        request.predicate = searchPredicate(text: text, city: city)
        return try context.count(for: request)
    }

    // MARK: - Predicates and order

    /// The attributes `find` accepts as keys.
    private static let fields: Set<String> = ["name", "city"]

    /// `name CONTAINS[c] text`, or nothing for an empty text. The text goes in as an argument,
    /// so its quotes and wildcard characters are only characters.
    private func nameCondition(_ text: String) -> GraphPredicate? {
        text.isEmpty ? nil : GraphPredicate(format: "name CONTAINS[c] %@", text)
    }

    /// Exactly that city, case included.
    private func cityCondition(_ city: String) -> GraphPredicate {
        GraphPredicate(format: "city == %@", city)
    }

    private func searchPredicate(text: String, city: String?) -> GraphPredicate? {
        all([nameCondition(text), city.map(cityCondition)].compactMap { $0 })
    }

    /// The AND of the conditions; nil (every contact) when there are none.
    private func all(_ conditions: [GraphPredicate]) -> GraphPredicate? {
        switch conditions.count {
        case 0: return nil
        case 1: return conditions[0]
        default: return CompoundPredicate(type: .and, subpredicates: conditions)
        }
    }

    /// By name ignoring case, then by name as written ("Ana" before "ana"), then by city.
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

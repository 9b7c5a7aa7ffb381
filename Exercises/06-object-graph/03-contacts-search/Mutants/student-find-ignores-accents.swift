// Mutant: find compares with ==[cd], ignoring accents as well as case
// Hint: find ignores case only: `%K ==[c] %@`. Accents count, as in the search: Malaga is not Málaga.
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
        let request = searchRequest(text: text, city: city)
        request.fetchLimit = limit
        request.fetchOffset = offset
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        if text.isEmpty {
            return try context.fetch(request("city == %@", [city]))
        }
        return try context.fetch(request("(\(nameCondition)) OR (city == %@)", [nameArgument(text), city]))
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        if text.isEmpty {
            return try context.fetch(request("NOT (city == %@)", [city]))
        }
        return try context.fetch(request("(\(nameCondition)) AND NOT (city == %@)", [nameArgument(text), city]))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else { throw ContactError.unknownField(field) }
        return try context.fetch(request("%K ==[cd] %@", [field, value]))
    }

    /// How many contacts `search(text:city:limit:offset:)` finds with no limit, counted by the store.
    func count(text: String, city: String?) throws -> Int {
        try context.count(for: searchRequest(text: text, city: city))
    }

    // MARK: Helpers

    /// The name condition, with one argument: `nameArgument(text)`.
    private let nameCondition = "name CONTAINS[c] %@"

    /// The argument of the name condition for the text the user typed.
    private func nameArgument(_ text: String) -> String {
        text
    }

    private func searchRequest(text: String, city: String?) -> FetchRequest<Contact> {
        var conditions: [String] = []
        var arguments: [Any?] = []
        if !text.isEmpty {
            conditions.append("(\(nameCondition))")
            arguments.append(nameArgument(text))
        }
        if let city {
            conditions.append("(city == %@)")
            arguments.append(city)
        }
        return request(conditions.isEmpty ? nil : conditions.joined(separator: " AND "), arguments)
    }

    /// A request for the contacts matching `format` (every contact when nil), sorted by name
    /// ignoring case, then by name as written, then by city.
    private func request(_ format: String?, _ arguments: [Any?]) -> FetchRequest<Contact> {
        let request = Contact.fetchRequest()
        if let format {
            request.predicate = GraphPredicate(format: format, argumentArray: arguments)
        }
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

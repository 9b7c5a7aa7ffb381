// Mutant: searchEither runs the name search and the city search apart and sorts their union again, but does not remove the contacts both searches found, so a contact whose name contains the text AND who lives in the city is listed twice: searchEither(text: "ana", city: "Madrid") gives Ana Ruiz (Madrid) twice
// Hint: A contact whose name contains the text and who lives in the city meets the OR once, so it belongs in the list once.
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
                fatalError("Could not open the agenda: \(error)")
            }
        }
    }

    // MARK: Conditions

    /// `name CONTAINS[c] text`, or no condition at all for an empty text.
    private func nameCondition(_ text: String) -> GraphPredicate? {
        text.isEmpty ? nil : GraphPredicate(format: "name CONTAINS[c] %@", text)
    }

    /// `city == city`, case included.
    private func cityCondition(_ city: String) -> GraphPredicate {
        GraphPredicate(format: "city == %@", city)
    }

    /// The conditions joined with AND; nil when there is none.
    private func all(_ conditions: [GraphPredicate?]) -> GraphPredicate? {
        let present = conditions.compactMap { $0 }
        switch present.count {
        case 0: return nil
        case 1: return present[0]
        default: return CompoundPredicate(type: .and, subpredicates: present)
        }
    }

    /// A request for the contacts matching `predicate`, in the lists' order: name ignoring
    /// case, then name as written, then city.
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

    private func searchPredicate(text: String, city: String?) -> GraphPredicate? {
        all([nameCondition(text), city.map(cityCondition)])
    }

    // MARK: Operations

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
        let request = sortedRequest(searchPredicate(text: text, city: city))
        request.fetchLimit = max(limit, 0)
        request.fetchOffset = max(offset, 0)
        return try context.fetch(request)
    }

    /// Contacts whose name contains `text` ignoring case, or who live in `city`.
    func searchEither(text: String, city: String) throws -> [Contact] {
        // Those found by name, then those found by city, in one sorted list.
        var found = try context.fetch(sortedRequest(cityCondition(city)))
        if let name = nameCondition(text) {
            found += try context.fetch(sortedRequest(name))
        }
        return found.sorted { lhs, rhs in
            let l = (lhs.name ?? "", lhs.city ?? ""), r = (rhs.name ?? "", rhs.city ?? "")
            let folded = l.0.lowercased().compare(r.0.lowercased(), options: .literal)
            if folded != .orderedSame { return folded == .orderedAscending }
            return l < r
        }
    }

    /// Contacts whose name contains `text` ignoring case and who do not live in `city`.
    func searchOutside(city: String, text: String) throws -> [Contact] {
        let notInCity = CompoundPredicate(type: .not, subpredicates: [cityCondition(city)])
        return try context.fetch(sortedRequest(all([nameCondition(text), notInCity])))
    }

    /// Contacts whose `field` ("name" or "city") equals `value` ignoring case.
    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else { throw ContactError.unknownField(field) }
        return try context.fetch(sortedRequest(GraphPredicate(format: "%K ==[c] %@", field, value)))
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

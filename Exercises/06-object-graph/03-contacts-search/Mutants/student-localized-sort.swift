// Mutant: the lists are sorted in Swift with localizedCaseInsensitiveCompare (then the name as written, then the city) and the pages cut in Swift, so accented letters sort as in a dictionary (é with e, í with i) instead of in the case-insensitive order of GraphSortDescriptor(key: "name", comparison: .caseInsensitive), which puts them after the plain letters: "ana maría" comes before "ana marib", "élodie" before "José", and the pages follow that order
// Hint: Ignoring case is .caseInsensitive, not a language's order: an accented letter sorts by its code, after z.
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
        // The page is cut after sorting alphabetically, so it is cut here, not by the store.
        let page = try context.fetch(sortedRequest(matching: searchPredicate(text: text, city: city)))
            .dropFirst(max(offset, 0))
        return Array(limit > 0 ? page.prefix(limit) : page)
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

    private func sortedRequest(matching predicate: GraphPredicate?) -> AlphabeticalRequest {
        let request = Contact.fetchRequest()
        request.predicate = predicate
        return AlphabeticalRequest(request: request)
    }
}

/// A fetch request whose results are put in alphabetical order, as people read it: ignoring
/// case (`localizedCaseInsensitiveCompare`), then the name as written, then the city.
struct AlphabeticalRequest {
    let request: FetchRequest<Contact>
}

extension ManagedObjectContext {
    func fetch(_ alphabetical: AlphabeticalRequest) throws -> [Contact] {
        try fetch(alphabetical.request).sorted { a, b in
            let (x, y) = (a.name ?? "", b.name ?? "")
            switch x.localizedCaseInsensitiveCompare(y) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame:
                if x != y { return x < y }
                return (a.city ?? "") < (b.city ?? "")
            }
        }
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

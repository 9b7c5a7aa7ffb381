// Mutant: searches with LIKE[c] and a pattern "*text*" passed as an argument, because the student learned LIKE for patterns; * and ? in the text then act as wildcards and match every name
// Hint: The user's text must match only itself, but `LIKE` reads `*` and `?` in it as wildcards, so a text holding them matches names it should not. Check which operator the statement gives for the name condition.
import Foundation
import ObjectGraph

enum ContactError: Error, Equatable {
    case unknownField(String)
}

final class ContactDirectory {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    init() {
        container = PersistentContainer(name: "Agenda")
        container.loadPersistentStores { _, error in
            if let error { fatalError("\(error)") }
        }
    }

    func add(name: String, city: String) throws {
        let contact = Contact(context: context)
        contact.name = name
        contact.city = city
        try context.save()
    }

    private func fetch(_ predicate: GraphPredicate?, limit: Int = 0, offset: Int = 0) throws -> [Contact] {
        let request = Contact.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = [
            GraphSortDescriptor(key: "name", comparison: .caseInsensitive),
            GraphSortDescriptor(key: "name"),
            GraphSortDescriptor(key: "city"),
        ]
        request.fetchLimit = limit
        request.fetchOffset = offset
        return try context.fetch(request)
    }

    private func nameLike(_ text: String) -> GraphPredicate {
        GraphPredicate(format: "name LIKE[c] %@", "*" + text + "*")
    }

    private func both(_ text: String, _ city: String?) -> GraphPredicate? {
        var parts: [GraphPredicate] = []
        if !text.isEmpty { parts.append(nameLike(text)) }
        if let city { parts.append(GraphPredicate(format: "city == %@", city)) }
        return parts.isEmpty ? nil : GraphPredicate.and(parts)
    }

    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        try fetch(both(text, city), limit: limit, offset: offset)
    }

    func searchEither(text: String, city: String) throws -> [Contact] {
        let inCity = GraphPredicate(format: "city == %@", city)
        return try fetch(text.isEmpty ? inCity : GraphPredicate.or([nameLike(text), inCity]))
    }

    func searchOutside(city: String, text: String) throws -> [Contact] {
        let outside = GraphPredicate.not(GraphPredicate(format: "city == %@", city))
        return try fetch(text.isEmpty ? outside : GraphPredicate.and([nameLike(text), outside]))
    }

    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else { throw ContactError.unknownField(field) }
        return try fetch(GraphPredicate(format: "%K ==[c] %@", field, value))
    }

    func count(text: String, city: String?) throws -> Int {
        let request = Contact.fetchRequest()
        request.predicate = both(text, city)
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

// Mutant: always adds name CONTAINS[c] text, even for an empty text, because the student expects a condition that every name meets to change nothing; in searchEither's OR it lets every contact through
// Hint: An empty text must add no condition on the name. A condition that every name meets changes nothing in an AND, but in an OR it lets every contact through.
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

    private let order = [
        GraphSortDescriptor(key: "name", comparison: .caseInsensitive),
        GraphSortDescriptor(key: "name"),
        GraphSortDescriptor(key: "city"),
    ]

    private func request(_ predicate: GraphPredicate) -> FetchRequest<Contact> {
        let request = Contact.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = order
        return request
    }

    private func filter(_ text: String, _ city: String?) -> GraphPredicate {
        let name = GraphPredicate(format: "name CONTAINS[c] %@", text)
        guard let city else { return name }
        return CompoundPredicate(andPredicateWithSubpredicates: [name, GraphPredicate(format: "city == %@", city)])
    }

    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        let request = request(filter(text, city))
        request.fetchLimit = limit
        request.fetchOffset = offset
        return try context.fetch(request)
    }

    func searchEither(text: String, city: String) throws -> [Contact] {
        try context.fetch(request(CompoundPredicate(orPredicateWithSubpredicates: [
            GraphPredicate(format: "name CONTAINS[c] %@", text), GraphPredicate(format: "city == %@", city),
        ])))
    }

    func searchOutside(city: String, text: String) throws -> [Contact] {
        try context.fetch(request(CompoundPredicate(andPredicateWithSubpredicates: [
            GraphPredicate(format: "name CONTAINS[c] %@", text),
            CompoundPredicate(notPredicateWithSubpredicate: GraphPredicate(format: "city == %@", city)),
        ])))
    }

    func find(field: String, equals value: String) throws -> [Contact] {
        guard field == "name" || field == "city" else { throw ContactError.unknownField(field) }
        return try context.fetch(request(GraphPredicate(format: "%K ==[c] %@", field, value)))
    }

    func count(text: String, city: String?) throws -> Int {
        try context.count(for: request(filter(text, city)))
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

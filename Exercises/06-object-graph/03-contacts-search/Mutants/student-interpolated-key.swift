// Mutant: puts the field into the format by interpolation ("\(field) ==[c] %@") and never checks it, since %K looked unnecessary for a key the student chose; an unknown field is not reported as ContactError.unknownField
// Hint: A field name that comes from the caller must be checked before it is used: only `name` and `city` are fields, and any other must throw the statement's error. Pass the key with `%K` rather than pasting it into the format string, so that it can never change the predicate's syntax.
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

    private func sorted(_ predicate: GraphPredicate?) -> FetchRequest<Contact> {
        let request = Contact.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = [
            GraphSortDescriptor(key: "name", comparison: .caseInsensitive),
            GraphSortDescriptor(key: "name"),
            GraphSortDescriptor(key: "city"),
        ]
        return request
    }

    private func matching(_ text: String, _ city: String?) -> GraphPredicate? {
        switch (text.isEmpty, city) {
        case (true, nil): return nil
        case (true, let city?): return GraphPredicate(format: "city == %@", city)
        case (false, nil): return GraphPredicate(format: "name CONTAINS[c] %@", text)
        case (false, let city?): return GraphPredicate(format: "name CONTAINS[c] %@ AND city == %@", text, city)
        }
    }

    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        let request = sorted(matching(text, city))
        request.fetchLimit = limit
        request.fetchOffset = offset
        return try context.fetch(request)
    }

    func searchEither(text: String, city: String) throws -> [Contact] {
        if text.isEmpty { return try context.fetch(sorted(GraphPredicate(format: "city == %@", city))) }
        return try context.fetch(sorted(GraphPredicate(format: "name CONTAINS[c] %@ OR city == %@", text, city)))
    }

    func searchOutside(city: String, text: String) throws -> [Contact] {
        if text.isEmpty { return try context.fetch(sorted(GraphPredicate(format: "NOT city == %@", city))) }
        return try context.fetch(sorted(GraphPredicate(format: "name CONTAINS[c] %@ AND NOT city == %@", text, city)))
    }

    func find(field: String, equals value: String) throws -> [Contact] {
        try context.fetch(sorted(GraphPredicate(format: "\(field) ==[c] %@", value)))
    }

    func count(text: String, city: String?) throws -> Int {
        try context.count(for: sorted(matching(text, city)))
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

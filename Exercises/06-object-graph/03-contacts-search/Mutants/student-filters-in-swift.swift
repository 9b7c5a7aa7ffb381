// Mutant: fetches every contact and filters, sorts and counts them in Swift with lowercased(), because arrays are what the student knows; the answers are right but count loads every contact into the context
// Hint: The answers can be right and still cost too much: fetching every contact to filter or count them in Swift loads each one into the context. Let the store do the work, with predicates and with the context's count of a request, which loads no object.
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

    private func all() throws -> [Contact] {
        try context.fetch(Contact.fetchRequest()).sorted { a, b in
            let (x, y) = (a.name ?? "", b.name ?? "")
            if x.lowercased() != y.lowercased() { return x.lowercased() < y.lowercased() }
            if x != y { return x < y }
            return (a.city ?? "") < (b.city ?? "")
        }
    }

    private func has(_ contact: Contact, _ text: String) -> Bool {
        (contact.name ?? "").lowercased().contains(text.lowercased())
    }

    func search(text: String, city: String?, limit: Int, offset: Int) throws -> [Contact] {
        let found = try all().filter { (text.isEmpty || has($0, text)) && (city == nil || $0.city == city) }
        let page = Array(found.dropFirst(offset))
        return limit > 0 ? Array(page.prefix(limit)) : page
    }

    func searchEither(text: String, city: String) throws -> [Contact] {
        try all().filter { (!text.isEmpty && has($0, text)) || $0.city == city }
    }

    func searchOutside(city: String, text: String) throws -> [Contact] {
        try all().filter { (text.isEmpty || has($0, text)) && $0.city != city }
    }

    func find(field: String, equals value: String) throws -> [Contact] {
        switch field {
        case "name": return try all().filter { ($0.name ?? "").lowercased() == value.lowercased() }
        case "city": return try all().filter { ($0.city ?? "").lowercased() == value.lowercased() }
        default: throw ContactError.unknownField(field)
        }
    }

    func count(text: String, city: String?) throws -> Int {
        try search(text: text, city: city, limit: 0, offset: 0).count
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

// Mutant: deletePerson deletes and saves the person's cars before deleting the person, expecting rollback() to bring them back when the deny rule refuses; rollback only forgets unsaved changes, so a refused deletion still loses the cars
// Hint: `rollback()` only forgets changes not saved yet, so cars deleted and saved before a refused deletion stay deleted. Leave the cars to the model's cascade rule, which deletes them in the same save as the person, or not at all.
import Foundation
import ObjectGraph

final class Person: ManagedObject {
    @Managed var name: String?
    @Managed var cars: Set<Car>
    @Managed var books: Set<Book>
    @Managed var pets: Set<Pet>
}

final class Car: ManagedObject {
    @Managed var plate: String?
    @Managed var owner: Person?
}

final class Book: ManagedObject {
    @Managed var title: String?
    @Managed var borrower: Person?
}

final class Pet: ManagedObject {
    @Managed var name: String?
    @Managed var keeper: Person?
}

/// A person and what is theirs, each list sorted.
struct PersonSummary: Equatable {
    var name: String
    var cars: [String]
    var books: [String]
    var pets: [String]
}

/// The cars, books and pets that belong to nobody, each list sorted.
struct Leftovers: Equatable {
    var cars: [String]
    var books: [String]
    var pets: [String]
}

enum LabError: Error, Equatable {
    case noSuchPerson(String)
    case personExists(String)
}

final class Lab {
    var container: PersistentContainer
    var moc: ManagedObjectContext

    init() {
        container = PersistentContainer(name: "Lab")
        container.loadPersistentStores { _, err in
            if let err = err {
                fatalError("\(err)")
            }
        }
        moc = container.viewContext
    }

    private func request(forName name: String) -> FetchRequest<Person> {
        let req = FetchRequest<Person>(entityName: "Person")
        req.predicate = GraphPredicate(format: "name == %@", name)
        return req
    }

    private func get(_ name: String) throws -> Person {
        guard let match = try moc.fetch(request(forName: name)).first else {
            throw LabError.noSuchPerson(name)
        }
        return match
    }

    func addPerson(_ name: String) throws {
        let alreadyThere = try moc.fetch(request(forName: name))
        guard alreadyThere.isEmpty else {
            throw LabError.personExists(name)
        }
        let p = Person(context: moc)
        p.name = name
        try moc.save()
    }

    func addCar(plate: String, owner: String) throws {
        let p = try get(owner)
        let c = Car(context: moc)
        c.plate = plate
        c.owner = p
        try moc.save()
    }

    func addBook(title: String, borrower: String) throws {
        let p = try get(borrower)
        let b = Book(context: moc)
        b.title = title
        b.borrower = p
        try moc.save()
    }

    func addPet(name: String, keeper: String) throws {
        let p = try get(keeper)
        let pet = Pet(context: moc)
        pet.name = name
        pet.keeper = p
        try moc.save()
    }

    /// Removes someone. Their cars are removed first (the cars go with the person anyway),
    /// then the person. If the save of the person fails, rollback puts everything back.
    func deletePerson(_ name: String) throws {
        let p = try get(name)
        let theirCars = Array(p.cars)
        for c in theirCars {
            moc.delete(c)
        }
        try moc.save()

        moc.delete(p)
        do {
            try moc.save()
        } catch {
            moc.rollback()
            throw error
        }
    }

    func returnBook(_ title: String) throws {
        let req = FetchRequest<Book>(entityName: "Book")
        req.predicate = GraphPredicate(format: "title == %@", title)
        let found = try moc.fetch(req)
        for b in found where b.borrower != nil {
            b.borrower = nil
        }
        try moc.save()
    }

    func deleteCar(plate: String) throws {
        let req = FetchRequest<Car>(entityName: "Car")
        req.predicate = GraphPredicate(format: "plate == %@", plate)
        let found = try moc.fetch(req)
        found.forEach { moc.delete($0) }
        try moc.save()
    }

    func people() throws -> [PersonSummary] {
        let req = FetchRequest<Person>(entityName: "Person")
        req.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true)]
        return try moc.fetch(req).map { p in
            var summary = PersonSummary(name: p.name ?? "", cars: [], books: [], pets: [])
            summary.cars = p.cars.map { $0.plate ?? "" }.sorted()
            summary.books = p.books.map { $0.title ?? "" }.sorted()
            summary.pets = p.pets.map { $0.name ?? "" }.sorted()
            return summary
        }
    }

    // everything in `entity` matching `format`, by the attribute `key`, sorted
    private func names<T: ManagedObject>(of entity: String, as type: T.Type, where format: String, key: String) throws -> [String] {
        let req = FetchRequest<T>(entityName: entity)
        req.predicate = GraphPredicate(format: format)
        var out: [String] = []
        for object in try moc.fetch(req) {
            if let text = object.value(forKey: key) as? String { out.append(text) }
        }
        return out.sorted()
    }

    func leftovers() throws -> Leftovers {
        return Leftovers(
            cars: try names(of: "Car", as: Car.self, where: "owner == nil", key: "plate"),
            books: try names(of: "Book", as: Book.self, where: "borrower == nil", key: "title"),
            pets: try names(of: "Pet", as: Pet.self, where: "keeper == nil", key: "name"))
    }
}

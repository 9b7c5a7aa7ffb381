// Mutant: people() keeps its last answer in a cache that every changing method clears except returnBook, so once people() has been read, a returned book is still listed among its old borrower's books until the next other change or launch (the store is right)
// Hint: A list you keep from an earlier call must be forgotten after every change that can alter it, returning a book included.
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

/// The lab: the store `Lab.sqlite`, with the model `Lab.yml` (in the app's bundle).
final class Lab {
    private let container: PersistentContainer
    private var context: ManagedObjectContext { container.viewContext }
    /// people() is asked for after every step: keep the last answer until something changes.
    private var cachedPeople: [PersonSummary]?

    init() {
        container = PersistentContainer(name: "Lab")
        var failure: Error?
        container.loadPersistentStores { _, error in
            failure = error
        }
        if let failure {
            // init() cannot throw: without its store the lab has nothing to work with.
            fatalError("Could not open Lab.sqlite: \(failure)")
        }
    }

    // MARK: Helpers

    /// The person with exactly this name, if any (the name is a predicate argument, never pasted).
    private func findPerson(_ name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func requirePerson(_ name: String) throws -> Person {
        guard let person = try findPerson(name) else { throw LabError.noSuchPerson(name) }
        return person
    }

    private func commit() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    // MARK: Changes

    /// Adds a person, or throws `LabError.personExists(name)` when one has exactly this name.
    func addPerson(_ name: String) throws {
        cachedPeople = nil
        if try findPerson(name) != nil {
            throw LabError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try commit()
    }

    /// Adds a car owned by the person `owner` (`LabError.noSuchPerson` when there is none).
    func addCar(plate: String, owner: String) throws {
        cachedPeople = nil
        let person = try requirePerson(owner)
        let car = Car(context: context)
        car.plate = plate
        car.owner = person
        try commit()
    }

    /// Adds a book borrowed by the person `borrower`.
    func addBook(title: String, borrower: String) throws {
        cachedPeople = nil
        let person = try requirePerson(borrower)
        let book = Book(context: context)
        book.title = title
        book.borrower = person
        try commit()
    }

    /// Adds a pet kept by the person `keeper`.
    func addPet(name: String, keeper: String) throws {
        cachedPeople = nil
        let person = try requirePerson(keeper)
        let pet = Pet(context: context)
        pet.name = name
        pet.keeper = person
        try commit()
    }

    /// Deletes the person and saves; on a failed save, rolls back and rethrows.
    func deletePerson(_ name: String) throws {
        cachedPeople = nil
        let person = try requirePerson(name)
        context.delete(person)
        do {
            try context.save()
        } catch {
            // The refused deletion would stay pending and make every later save fail.
            context.rollback()
            throw error
        }
    }

    /// Every book with this title goes back to the library (no borrower).
    func returnBook(_ title: String) throws {
        let request = Book.fetchRequest()
        request.predicate = GraphPredicate(format: "title == %@", title)
        for book in try context.fetch(request) {
            book.borrower = nil
        }
        try commit()
    }

    /// Deletes every car with this plate.
    func deleteCar(plate: String) throws {
        cachedPeople = nil
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "plate == %@", plate)
        for car in try context.fetch(request) {
            context.delete(car)
        }
        try commit()
    }

    // MARK: Reading

    /// Everyone, sorted by name, with their cars, books and pets.
    func people() throws -> [PersonSummary] {
        if let cachedPeople { return cachedPeople }
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        let summaries = try context.fetch(request).map { person in
            PersonSummary(name: person.name ?? "",
                          cars: person.cars.map { $0.plate ?? "" }.sorted(),
                          books: person.books.map { $0.title ?? "" }.sorted(),
                          pets: person.pets.map { $0.name ?? "" }.sorted())
        }
        cachedPeople = summaries
        return summaries
    }

    /// The cars, books and pets with no person.
    func leftovers() throws -> Leftovers {
        let cars = Car.fetchRequest()
        cars.predicate = GraphPredicate(format: "owner == nil")
        cars.sortDescriptors = [GraphSortDescriptor(key: "plate")]

        let books = Book.fetchRequest()
        books.predicate = GraphPredicate(format: "borrower == nil")
        books.sortDescriptors = [GraphSortDescriptor(key: "title")]

        let pets = Pet.fetchRequest()
        pets.predicate = GraphPredicate(format: "keeper == nil")
        pets.sortDescriptors = [GraphSortDescriptor(key: "name")]

        return Leftovers(cars: try context.fetch(cars).map { $0.plate ?? "" },
                         books: try context.fetch(books).map { $0.title ?? "" },
                         pets: try context.fetch(pets).map { $0.name ?? "" })
    }
}

// Mutant: people() gathers each person's plates, titles and pet names in a Set before sorting them, so a person with two cars plated "1234 ABC" (or two books titled "Dune") is listed with one: cars ["1234 ABC"] instead of ["1234 ABC", "1234 ABC"]
// Hint: Names need not be unique: two pets named Luna are two pets, and both are listed.
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

    init() {
        container = PersistentContainer(name: "Lab")
        container.loadPersistentStores { _, error in
            if let error {
                fatalError("Could not open Lab.sqlite: \(error)")
            }
        }
    }

    /// Adds a person, or throws `LabError.personExists(name)` when one has exactly this name.
    func addPerson(_ name: String) throws {
        if try person(named: name) != nil {
            throw LabError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try saveOrForget()
    }

    /// Adds a car owned by the person `owner` (`LabError.noSuchPerson` when there is none).
    func addCar(plate: String, owner: String) throws {
        let person = try existingPerson(owner)
        let car = Car(context: context)
        car.plate = plate
        car.owner = person
        try saveOrForget()
    }

    /// Adds a book borrowed by the person `borrower`.
    func addBook(title: String, borrower: String) throws {
        let person = try existingPerson(borrower)
        let book = Book(context: context)
        book.title = title
        book.borrower = person
        try saveOrForget()
    }

    /// Adds a pet kept by the person `keeper`.
    func addPet(name: String, keeper: String) throws {
        let person = try existingPerson(keeper)
        let pet = Pet(context: context)
        pet.name = name
        pet.keeper = person
        try saveOrForget()
    }

    /// Deletes the person and saves; on a failed save, rolls back and rethrows.
    func deletePerson(_ name: String) throws {
        let person = try existingPerson(name)
        context.delete(person)
        try saveOrForget()
    }

    /// Every book with this title goes back to the library (no borrower).
    func returnBook(_ title: String) throws {
        let request = Book.fetchRequest()
        request.predicate = GraphPredicate(format: "title == %@", title)
        for book in try context.fetch(request) {
            book.borrower = nil
        }
        try saveOrForget()
    }

    /// Deletes every car with this plate.
    func deleteCar(plate: String) throws {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "plate == %@", plate)
        for car in try context.fetch(request) {
            context.delete(car)
        }
        try saveOrForget()
    }

    /// Everyone, sorted by name, with their cars, books and pets.
    func people() throws -> [PersonSummary] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request).map { person in
            PersonSummary(
                name: person.name ?? "",
                cars: Set(person.cars.map { $0.plate ?? "" }).sorted(),
                books: Set(person.books.map { $0.title ?? "" }).sorted(),
                pets: Set(person.pets.map { $0.name ?? "" }).sorted())
        }
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
        return Leftovers(
            cars: try context.fetch(cars).map { $0.plate ?? "" },
            books: try context.fetch(books).map { $0.title ?? "" },
            pets: try context.fetch(pets).map { $0.name ?? "" })
    }

    // MARK: - Helpers

    private func person(named name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existingPerson(_ name: String) throws -> Person {
        guard let person = try person(named: name) else {
            throw LabError.noSuchPerson(name)
        }
        return person
    }

    /// Saves; when the save fails (a refused deletion), forgets the unsaved changes and
    /// rethrows the save's own error.
    private func saveOrForget() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}

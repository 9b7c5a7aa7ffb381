// Mutant: addPerson trims spaces and newlines around the name before the duplicate check and the insert, so " Bo " is stored as "Bo" (addCar(owner: " Bo ") then throws noSuchPerson(" Bo ")), and adding " Bo " while Bo exists throws personExists("Bo")
// Hint: A person's name is stored and compared exactly as given, spaces included.
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
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    init() {
        container = PersistentContainer(name: "Lab")
        container.loadPersistentStores { _, error in
            if let error {
                fatalError("Could not open Lab.sqlite: \(error)")
            }
        }
    }

    /// Adds a person, or throws `LabError.personExists(name)` when one has exactly this name.
    func addPerson(_ typedName: String) throws {
        let name = typedName.trimmingCharacters(in: .whitespacesAndNewlines)
        if try findPerson(name) != nil {
            throw LabError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try saveChanges()
    }

    /// Adds a car owned by the person `owner` (`LabError.noSuchPerson` when there is none).
    func addCar(plate: String, owner: String) throws {
        let person = try requirePerson(owner)
        let car = Car(context: context)
        car.plate = plate
        car.owner = person
        try saveChanges()
    }

    /// Adds a book borrowed by the person `borrower`.
    func addBook(title: String, borrower: String) throws {
        let person = try requirePerson(borrower)
        let book = Book(context: context)
        book.title = title
        book.borrower = person
        try saveChanges()
    }

    /// Adds a pet kept by the person `keeper`.
    func addPet(name: String, keeper: String) throws {
        let person = try requirePerson(keeper)
        let pet = Pet(context: context)
        pet.name = name
        pet.keeper = person
        try saveChanges()
    }

    /// Deletes the person and saves; on a failed save, rolls back and rethrows.
    func deletePerson(_ name: String) throws {
        let person = try requirePerson(name)
        context.delete(person)
        try saveChanges()
    }

    /// Every book with this title goes back to the library (no borrower).
    func returnBook(_ title: String) throws {
        let request = Book.fetchRequest()
        request.predicate = GraphPredicate(format: "title == %@", title)
        for book in try context.fetch(request) {
            book.borrower = nil
        }
        try saveChanges()
    }

    /// Deletes every car with this plate.
    func deleteCar(plate: String) throws {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "plate == %@", plate)
        for car in try context.fetch(request) {
            context.delete(car)
        }
        try saveChanges()
    }

    /// Everyone, sorted by name, with their cars, books and pets.
    func people() throws -> [PersonSummary] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request).map { person in
            PersonSummary(name: person.name ?? "",
                          cars: person.cars.compactMap(\.plate).sorted(),
                          books: person.books.compactMap(\.title).sorted(),
                          pets: person.pets.compactMap(\.name).sorted())
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
        return Leftovers(cars: try context.fetch(cars).compactMap(\.plate),
                         books: try context.fetch(books).compactMap(\.title),
                         pets: try context.fetch(pets).compactMap(\.name))
    }

    // MARK: - Helpers

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

    /// Saves; a failed save is rolled back and its error rethrown unchanged.
    private func saveChanges() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}

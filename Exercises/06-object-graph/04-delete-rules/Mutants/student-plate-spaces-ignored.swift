// Mutant: deleteCar compares plates with their spaces taken out (`1234 ABC` and `1234ABC` are written both ways on forms), so deleteCar(plate: "1234ABC") also deletes the cars plated "1234 ABC", and deleteCar(plate: "1234 ABC") the "1234ABC" ones
// Hint: A plate is matched exactly as it was stored: a plate written with spaces and one written without them are two different plates.
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

    // MARK: Helpers

    /// The person whose stored name is exactly `name` (the predicate's `==`: case, spaces and
    /// the code of every character count), or nil.
    private func person(named name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existingPerson(named name: String) throws -> Person {
        guard let person = try person(named: name) else { throw LabError.noSuchPerson(name) }
        return person
    }

    private func saveIfNeeded() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    // MARK: Changes

    /// Adds a person, or throws `LabError.personExists(name)` when one has exactly this name.
    func addPerson(_ name: String) throws {
        if try person(named: name) != nil {
            throw LabError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try context.save()
    }

    /// Adds a car owned by the person `owner` (`LabError.noSuchPerson` when there is none).
    func addCar(plate: String, owner: String) throws {
        let person = try existingPerson(named: owner)
        let car = Car(context: context)
        car.plate = plate
        car.owner = person
        try context.save()
    }

    /// Adds a book borrowed by the person `borrower`.
    func addBook(title: String, borrower: String) throws {
        let person = try existingPerson(named: borrower)
        let book = Book(context: context)
        book.title = title
        book.borrower = person
        try context.save()
    }

    /// Adds a pet kept by the person `keeper`.
    func addPet(name: String, keeper: String) throws {
        let person = try existingPerson(named: keeper)
        let pet = Pet(context: context)
        pet.name = name
        pet.keeper = person
        try context.save()
    }

    /// Deletes the person and saves; on a failed save, rolls back and rethrows.
    func deletePerson(_ name: String) throws {
        let person = try existingPerson(named: name)
        context.delete(person)
        do {
            try context.save()
        } catch {
            // A refused save keeps the deletion (and what the rules did) pending: forget it,
            // so that the next save is not refused too, and hand the save's own error on.
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
        try saveIfNeeded()
    }

    /// Deletes every car with this plate.
    func deleteCar(plate: String) throws {
        func squeezed(_ text: String) -> String { text.replacingOccurrences(of: " ", with: "") }
        let wanted = squeezed(plate)
        for car in try context.fetch(Car.fetchRequest()) where squeezed(car.plate ?? "") == wanted {
            context.delete(car)
        }
        try saveIfNeeded()
    }

    // MARK: Reading

    /// Everyone, sorted by name, with their cars, books and pets.
    func people() throws -> [PersonSummary] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request).map { person in
            PersonSummary(name: person.name ?? "",
                          cars: person.cars.map { $0.plate ?? "" }.sorted(),
                          books: person.books.map { $0.title ?? "" }.sorted(),
                          pets: person.pets.map { $0.name ?? "" }.sorted())
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
        return Leftovers(cars: try context.fetch(cars).map { $0.plate ?? "" },
                         books: try context.fetch(books).map { $0.title ?? "" },
                         pets: try context.fetch(pets).map { $0.name ?? "" })
    }
}

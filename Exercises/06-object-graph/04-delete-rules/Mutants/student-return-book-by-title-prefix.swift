// Mutant: returnBook finds the books with `title BEGINSWITH %@` (so that a title typed without its subtitle still finds the book), so returning "Dune" also frees "Dune Messiah" and every other book whose title starts with it: they show in leftovers().books, leave their borrower's books, and no longer keep the deny rule from deleting that borrower
// Hint: returnBook should free only the books whose title is exactly the one given; check which operator your predicate uses to compare titles.
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
                fatalError("Could not open the store Lab.sqlite: \(error)")
            }
        }
    }

    /// Adds a person, or throws `LabError.personExists(name)` when one has exactly this name.
    func addPerson(_ name: String) throws {
        guard try findPerson(name) == nil else { throw LabError.personExists(name) }
        let person = Person(context: context)
        person.name = name
        try save()
    }

    /// Adds a car owned by the person `owner` (`LabError.noSuchPerson` when there is none).
    func addCar(plate: String, owner: String) throws {
        let person = try existingPerson(owner)
        let car = Car(context: context)
        car.plate = plate
        car.owner = person
        try save()
    }

    /// Adds a book borrowed by the person `borrower`.
    func addBook(title: String, borrower: String) throws {
        let person = try existingPerson(borrower)
        let book = Book(context: context)
        book.title = title
        book.borrower = person
        try save()
    }

    /// Adds a pet kept by the person `keeper`.
    func addPet(name: String, keeper: String) throws {
        let person = try existingPerson(keeper)
        let pet = Pet(context: context)
        pet.name = name
        pet.keeper = person
        try save()
    }

    /// Deletes the person and saves; on a failed save, rolls back and rethrows.
    func deletePerson(_ name: String) throws {
        let person = try existingPerson(name)
        context.delete(person)
        do {
            try context.save()
        } catch {
            // A refused save keeps every change, the deletion included: forget them all,
            // then hand the caller the save's own error.
            context.rollback()
            throw error
        }
    }

    /// Every book with this title goes back to the library (no borrower).
    func returnBook(_ title: String) throws {
        let request = FetchRequest<Book>(entityName: "Book")
        request.predicate = GraphPredicate(format: "title BEGINSWITH %@", title)
        for book in try context.fetch(request) {
            book.borrower = nil
        }
        try save()
    }

    /// Deletes every car with this plate.
    func deleteCar(plate: String) throws {
        let request = FetchRequest<Car>(entityName: "Car")
        request.predicate = GraphPredicate(format: "plate == %@", plate)
        for car in try context.fetch(request) {
            context.delete(car)
        }
        try save()
    }

    /// Everyone, sorted by name, with their cars, books and pets.
    func people() throws -> [PersonSummary] {
        let request = FetchRequest<Person>(entityName: "Person")
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
        let cars = FetchRequest<Car>(entityName: "Car")
        cars.predicate = GraphPredicate(format: "owner == nil")
        cars.sortDescriptors = [GraphSortDescriptor(key: "plate")]
        let books = FetchRequest<Book>(entityName: "Book")
        books.predicate = GraphPredicate(format: "borrower == nil")
        books.sortDescriptors = [GraphSortDescriptor(key: "title")]
        let pets = FetchRequest<Pet>(entityName: "Pet")
        pets.predicate = GraphPredicate(format: "keeper == nil")
        pets.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return Leftovers(cars: try context.fetch(cars).map { $0.plate ?? "" },
                         books: try context.fetch(books).map { $0.title ?? "" },
                         pets: try context.fetch(pets).map { $0.name ?? "" })
    }

    // MARK: - Helpers

    /// The person with exactly this name (compared as stored), or nil.
    private func findPerson(_ name: String) throws -> Person? {
        let request = FetchRequest<Person>(entityName: "Person")
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existingPerson(_ name: String) throws -> Person {
        guard let person = try findPerson(name) else { throw LabError.noSuchPerson(name) }
        return person
    }

    private func save() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}

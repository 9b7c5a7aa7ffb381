// Mutant: addPerson checks a set of the store's names (loaded at init, grown by addPerson) that deletePerson never shrinks, so a deleted person's name cannot be added again
// Hint: Once a person is deleted, their name is free again: whatever you keep to check names must follow deletions too.
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

/// The lab: the store `Lab.sqlite`, with the model `Lab.yml`.
final class Lab {
    private var names: Set<String> = []
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    init() {
        container = PersistentContainer(name: "Lab")
        container.loadPersistentStores { _, error in
            if let error { fatalError("Could not open the lab's store: \(error)") }
        }
        names = Set(((try? context.fetch(Person.fetchRequest())) ?? []).compactMap(\.name))
    }

    /// The person with exactly this name, or nil.
    private func person(named name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existingPerson(_ name: String) throws -> Person {
        guard let person = try person(named: name) else { throw LabError.noSuchPerson(name) }
        return person
    }

    func addPerson(_ name: String) throws {
        guard !names.contains(name) else { throw LabError.personExists(name) }
        let person = Person(context: context)
        person.name = name
        try context.save()
        names.insert(name)
    }

    func addCar(plate: String, owner: String) throws {
        let person = try existingPerson(owner)
        let car = Car(context: context)
        car.plate = plate
        car.owner = person
        try context.save()
    }

    func addBook(title: String, borrower: String) throws {
        let person = try existingPerson(borrower)
        let book = Book(context: context)
        book.title = title
        book.borrower = person
        try context.save()
    }

    func addPet(name: String, keeper: String) throws {
        let person = try existingPerson(keeper)
        let pet = Pet(context: context)
        pet.name = name
        pet.keeper = person
        try context.save()
    }

    /// Deletes the person and saves: their cars go too, their pets stay without a keeper, and
    /// while they have books the save fails with the deny rule's error (1600). A failed save
    /// leaves the deletion pending in the context, so it is rolled back before rethrowing.
    func deletePerson(_ name: String) throws {
        let person = try existingPerson(name)
        context.delete(person)
        do {
            try context.save()
        } catch {
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
        try context.save()
    }

    /// Deletes every car with this plate.
    func deleteCar(plate: String) throws {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "plate == %@", plate)
        for car in try context.fetch(request) {
            context.delete(car)
        }
        try context.save()
    }

    func people() throws -> [PersonSummary] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request).map { person in
            PersonSummary(
                name: person.name ?? "",
                cars: person.cars.compactMap(\.plate).sorted(),
                books: person.books.compactMap(\.title).sorted(),
                pets: person.pets.compactMap(\.name).sorted())
        }
    }

    func leftovers() throws -> Leftovers {
        let cars = Car.fetchRequest()
        cars.predicate = GraphPredicate(format: "owner == nil")
        let books = Book.fetchRequest()
        books.predicate = GraphPredicate(format: "borrower == nil")
        let pets = Pet.fetchRequest()
        pets.predicate = GraphPredicate(format: "keeper == nil")
        return Leftovers(
            cars: try context.fetch(cars).compactMap(\.plate).sorted(),
            books: try context.fetch(books).compactMap(\.title).sorted(),
            pets: try context.fetch(pets).compactMap(\.name).sorted())
    }
}

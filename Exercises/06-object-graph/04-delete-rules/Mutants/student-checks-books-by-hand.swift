// Mutant: deletePerson checks person.books itself and throws its own LabError.stillHasBooks instead of letting save() apply the model's deny rule, so the caller never gets Core Data's validation error (1600); a student who does not trust the model writes the rule again in code
// Hint: The model already holds the rule: a save that deletes a person who still has books is refused with Core Data's validation error, code 1600, and the statement wants that error passed on unchanged. An error of your own, thrown before any save, is not the same error.
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
    case stillHasBooks(String)
}

final class Lab {
    private let persistentContainer = PersistentContainer(name: "Lab")

    private var ctx: ManagedObjectContext {
        return persistentContainer.viewContext
    }

    init() {
        persistentContainer.loadPersistentStores { description, error in
            if let error = error {
                print("store error: \(error)")
            }
        }
    }

    // MARK: helpers

    func findPerson(_ name: String) throws -> Person {
        let fetch = Person.fetchRequest()
        fetch.predicate = GraphPredicate(format: "name == %@", name)
        let results = try ctx.fetch(fetch)
        if results.isEmpty {
            throw LabError.noSuchPerson(name)
        }
        return results[0]
    }

    func nameIsTaken(_ name: String) throws -> Bool {
        let fetch = Person.fetchRequest()
        fetch.predicate = GraphPredicate(format: "name == %@", name)
        return try ctx.count(for: fetch) > 0
    }

    // MARK: adding things

    func addPerson(_ name: String) throws {
        if try nameIsTaken(name) {
            throw LabError.personExists(name)
        }
        let newPerson = Person(context: ctx)
        newPerson.name = name
        try ctx.save()
    }

    func addCar(plate: String, owner: String) throws {
        let car = Car(context: ctx)
        do {
            car.owner = try findPerson(owner)
        } catch {
            ctx.delete(car)   // don't leave a car with no owner behind
            throw error
        }
        car.plate = plate
        try ctx.save()
    }

    func addBook(title: String, borrower: String) throws {
        let who = try findPerson(borrower)
        let book = Book(context: ctx)
        book.borrower = who
        book.title = title
        try ctx.save()
    }

    func addPet(name: String, keeper: String) throws {
        let who = try findPerson(keeper)
        let pet = Pet(context: ctx)
        pet.keeper = who
        pet.name = name
        try ctx.save()
    }

    // MARK: removing things

    func deletePerson(_ name: String) throws {
        let p = try findPerson(name)
        // A person who still has library books can't be deleted, so check that first
        // and the save never has to fail.
        if p.books.count > 0 {
            throw LabError.stillHasBooks(name)
        }
        ctx.delete(p)   // cars are cascade, pets are nullify
        try ctx.save()
    }

    func returnBook(_ title: String) throws {
        let fetch = Book.fetchRequest()
        fetch.predicate = GraphPredicate(format: "title == %@", title)
        let books = try ctx.fetch(fetch)
        books.forEach { $0.borrower = nil }
        try ctx.save()
    }

    func deleteCar(plate: String) throws {
        let fetch = Car.fetchRequest()
        fetch.predicate = GraphPredicate(format: "plate == %@", plate)
        for c in try ctx.fetch(fetch) {
            ctx.delete(c)
        }
        try ctx.save()
    }

    // MARK: listing

    func people() throws -> [PersonSummary] {
        let fetch = Person.fetchRequest()
        fetch.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true)]
        var list = [PersonSummary]()
        for p in try ctx.fetch(fetch) {
            var plates = [String]()
            for car in p.cars { plates.append(car.plate ?? "") }
            var titles = [String]()
            for book in p.books { titles.append(book.title ?? "") }
            var petNames = [String]()
            for pet in p.pets { petNames.append(pet.name ?? "") }
            list.append(PersonSummary(name: p.name!, cars: plates.sorted(), books: titles.sorted(), pets: petNames.sorted()))
        }
        return list
    }

    func leftovers() throws -> Leftovers {
        let carFetch = Car.fetchRequest()
        carFetch.predicate = GraphPredicate(format: "owner == nil")
        let bookFetch = Book.fetchRequest()
        bookFetch.predicate = GraphPredicate(format: "borrower == nil")
        let petFetch = Pet.fetchRequest()
        petFetch.predicate = GraphPredicate(format: "keeper == nil")

        let plates = try ctx.fetch(carFetch).map { $0.plate ?? "" }
        let titles = try ctx.fetch(bookFetch).map { $0.title ?? "" }
        let names = try ctx.fetch(petFetch).map { $0.name ?? "" }
        return Leftovers(cars: plates.sorted(), books: titles.sorted(), pets: names.sorted())
    }
}

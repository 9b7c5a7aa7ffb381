// Mutant: finds a person by fetching every person and comparing lowercased names in Swift, because a student finds that easier than a predicate and wants typing 'ana' to find 'Ana'; the statement's names are exact, so ana and Ana become one person
// Hint: The statement finds people by their exact name, so `ana` and `Ana` are two people, and lowercasing both names makes them one. Find a person with a predicate that compares names exactly.
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
    let container = PersistentContainer(name: "Lab")
    lazy var context = container.viewContext

    init() {
        container.loadPersistentStores { _, error in
            guard error == nil else { fatalError("Lab.sqlite did not open") }
        }
    }

    /// Looks a person up by name. Names are compared in lowercase so "ana" finds "Ana".
    func lookUp(_ name: String) throws -> Person? {
        let everybody = try context.fetch(Person.fetchRequest())
        for somebody in everybody where somebody.name?.lowercased() == name.lowercased() {
            return somebody
        }
        return nil
    }

    func mustFind(_ name: String) throws -> Person {
        if let found = try lookUp(name) { return found }
        throw LabError.noSuchPerson(name)
    }

    func addPerson(_ name: String) throws {
        if try lookUp(name) != nil { throw LabError.personExists(name) }
        Person(context: context).name = name
        try context.save()
    }

    func addCar(plate: String, owner: String) throws {
        let person = try mustFind(owner)
        let newCar = Car(context: context)
        newCar.plate = plate
        newCar.owner = person
        try context.save()
    }

    func addBook(title: String, borrower: String) throws {
        let person = try mustFind(borrower)
        let newBook = Book(context: context)
        newBook.title = title
        newBook.borrower = person
        try context.save()
    }

    func addPet(name: String, keeper: String) throws {
        let person = try mustFind(keeper)
        let newPet = Pet(context: context)
        newPet.name = name
        newPet.keeper = person
        try context.save()
    }

    func deletePerson(_ name: String) throws {
        context.delete(try mustFind(name))
        do {
            try context.save()
        } catch let saveError {
            // the deny rule said no: undo the delete so the next save works
            context.rollback()
            throw saveError
        }
    }

    func returnBook(_ title: String) throws {
        let request = Book.fetchRequest()
        request.predicate = GraphPredicate(format: "title == %@", title)
        let borrowed = try context.fetch(request)
        for i in 0..<borrowed.count {
            borrowed[i].borrower = nil
        }
        try context.save()
    }

    func deleteCar(plate: String) throws {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "plate == %@", plate)
        try context.fetch(request).forEach(context.delete)
        try context.save()
    }

    func people() throws -> [PersonSummary] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        let everybody = try context.fetch(request)
        var summaries: [PersonSummary] = []
        for somebody in everybody {
            let plates = somebody.cars.map { $0.plate ?? "?" }
            let titles = somebody.books.map { $0.title ?? "?" }
            let petNames = somebody.pets.map { $0.name ?? "?" }
            summaries.append(PersonSummary(name: somebody.name ?? "?", cars: plates.sorted(),
                                           books: titles.sorted(), pets: petNames.sorted()))
        }
        return summaries
    }

    func leftovers() throws -> Leftovers {
        var result = Leftovers(cars: [], books: [], pets: [])

        let noOwner = Car.fetchRequest()
        noOwner.predicate = GraphPredicate(format: "owner == nil")
        for car in try context.fetch(noOwner) { result.cars.append(car.plate ?? "?") }

        let noBorrower = Book.fetchRequest()
        noBorrower.predicate = GraphPredicate(format: "borrower == nil")
        for book in try context.fetch(noBorrower) { result.books.append(book.title ?? "?") }

        let noKeeper = Pet.fetchRequest()
        noKeeper.predicate = GraphPredicate(format: "keeper == nil")
        for pet in try context.fetch(noKeeper) { result.pets.append(pet.name ?? "?") }

        result.cars.sort()
        result.books.sort()
        result.pets.sort()
        return result
    }
}

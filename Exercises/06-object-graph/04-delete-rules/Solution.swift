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
    init() {
        // TODO: a PersistentContainer named "Lab"; load its store.
    }

    /// Adds a person, or throws `LabError.personExists(name)` when one has exactly this name.
    func addPerson(_ name: String) throws {
        // TODO
    }

    /// Adds a car owned by the person `owner` (`LabError.noSuchPerson` when there is none).
    func addCar(plate: String, owner: String) throws {
        // TODO
    }

    /// Adds a book borrowed by the person `borrower`.
    func addBook(title: String, borrower: String) throws {
        // TODO
    }

    /// Adds a pet kept by the person `keeper`.
    func addPet(name: String, keeper: String) throws {
        // TODO
    }

    /// Deletes the person and saves; on a failed save, rolls back and rethrows.
    func deletePerson(_ name: String) throws {
        // TODO
    }

    /// Every book with this title goes back to the library (no borrower).
    func returnBook(_ title: String) throws {
        // TODO
    }

    /// Deletes every car with this plate.
    func deleteCar(plate: String) throws {
        // TODO
    }

    /// Everyone, sorted by name, with their cars, books and pets.
    func people() throws -> [PersonSummary] {
        // TODO
        []
    }

    /// The cars, books and pets with no person.
    func leftovers() throws -> Leftovers {
        // TODO
        Leftovers(cars: [], books: [], pets: [])
    }
}

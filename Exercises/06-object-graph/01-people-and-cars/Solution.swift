import Foundation
import ObjectGraph

/// A person of the garage (entity `Person` of `Garage.yml`).
final class Person: ManagedObject {
    @Managed var name: String?
    @Managed var cars: Set<Car>
}

/// A car (entity `Car`); `owner` is the inverse of `Person.cars`.
final class Car: ManagedObject {
    @Managed var model: String?
    @Managed var year: Int32
    @Managed var owner: Person?
}

enum GarageError: Error, Equatable {
    /// A person with this name is already in the garage.
    case personExists(String)
    /// No person has this name.
    case noSuchPerson(String)
    /// The seller owns no car of this model.
    case noSuchCar(String)
}

/// People and their cars, kept in the Core Data store `Garage.sqlite`.
final class Garage {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Loads the model `Garage.yml` and opens its store.
    init() {
        container = PersistentContainer(name: "Garage")
        // TODO: load the persistent stores.
    }

    /// Inserts a person and saves.
    func addPerson(name: String) throws {
        // TODO: throw personExists for a name already there; insert a Person; save.
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        // TODO
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        // TODO
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        // TODO: a fetch request with a predicate and sort descriptors.
        []
    }

    /// Everyone, by name.
    func people() throws -> [Person] {
        // TODO
        []
    }

    /// Deletes a person and saves; their cars stay, without an owner.
    func removePerson(name: String) throws {
        // TODO
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        // TODO
        []
    }
}

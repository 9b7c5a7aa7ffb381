// Mutant: people are looked up with `name BEGINSWITH %@` (case-sensitive, so Pedro and pedro stay apart), so a name that starts an existing one is taken for it: with "Ana " there, addPerson(name: "Ana") throws personExists("Ana"), and with only "Pedro" there cars(of: "Ped") answers with Pedro's cars instead of throwing noSuchPerson
// Hint: A person is found by the whole name, equal to every character, not by a name that merely starts with what was asked.
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
        container.loadPersistentStores { _, error in
            if let error {
                fatalError("Could not open the garage's store: \(error)")
            }
        }
    }

    // MARK: Helpers

    /// Oldest first, then by model: the order of `cars(of:)` and `ownerlessCars()`.
    private var carOrder: [GraphSortDescriptor] {
        [GraphSortDescriptor(key: "year", ascending: true), GraphSortDescriptor(key: "model", ascending: true)]
    }

    /// The person with exactly this name, if any.
    private func findPerson(_ name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name BEGINSWITH %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func person(_ name: String) throws -> Person {
        guard let person = try findPerson(name) else { throw GarageError.noSuchPerson(name) }
        return person
    }

    private func saveIfNeeded() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    // MARK: Operations

    /// Inserts a person and saves.
    func addPerson(name: String) throws {
        if try findPerson(name) != nil { throw GarageError.personExists(name) }
        let person = Person(context: context)
        person.name = name
        try saveIfNeeded()
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        let person = try person(owner)
        let car = Car(context: context)
        car.model = model
        car.year = year
        car.owner = person
        try saveIfNeeded()
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        let sellingPerson = try person(seller)
        let buyingPerson = try person(buyer)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@ AND model == %@", sellingPerson, model)
        request.sortDescriptors = carOrder
        request.fetchLimit = 1
        guard let car = try context.fetch(request).first else { throw GarageError.noSuchCar(model) }
        if car.owner != buyingPerson {
            car.owner = buyingPerson
        }
        try saveIfNeeded()
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        let owner = try person(name)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@", owner)
        request.sortDescriptors = carOrder
        return try context.fetch(request)
    }

    /// Everyone, by name.
    func people() throws -> [Person] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request)
    }

    /// Deletes a person and saves; their cars stay, without an owner.
    func removePerson(name: String) throws {
        context.delete(try person(name))
        try saveIfNeeded()
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == nil")
        request.sortDescriptors = carOrder
        return try context.fetch(request)
    }
}

// Mutant: sell looks for the seller's car with `model ==[c] %@`, forgiving the user's capitals, so sell(model: "seat león", from: "Pedro", to: "Ana") gives Pedro's "Seat León" to Ana instead of throwing noSuchCar("seat león") (Pedro owns no car of the model "seat león")
// Hint: A model is matched as written: "seat león" is no car of Pedro's.
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

    /// The order of `cars(of:)`: oldest first, then by model.
    private static var carOrder: [GraphSortDescriptor] {
        [GraphSortDescriptor(key: "year", ascending: true), GraphSortDescriptor(key: "model", ascending: true)]
    }

    /// Loads the model `Garage.yml` and opens its store.
    init() {
        container = PersistentContainer(name: "Garage")
        container.loadPersistentStores { description, error in
            if let error {
                fatalError("Could not open the store \(description): \(error)")
            }
        }
    }

    /// Inserts a person and saves.
    func addPerson(name: String) throws {
        if try lookUp(name) != nil {
            throw GarageError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try commit()
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        let person = try existing(owner)
        let car = Car(context: context)
        car.model = model
        car.year = year
        car.owner = person
        try commit()
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        let from = try existing(seller)
        let to = try existing(buyer)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@ AND model ==[c] %@", from, model)
        request.sortDescriptors = Self.carOrder
        request.fetchLimit = 1
        guard let car = try context.fetch(request).first else {
            throw GarageError.noSuchCar(model)
        }
        if car.owner !== to {
            car.owner = to
        }
        try commit()
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        let person = try existing(name)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@", person)
        request.sortDescriptors = Self.carOrder
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
        let person = try existing(name)
        context.delete(person)
        try commit()
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == nil")
        request.sortDescriptors = Self.carOrder
        return try context.fetch(request)
    }

    // MARK: - Helpers

    /// The person with exactly this name, if any; the name is passed as an argument.
    private func lookUp(_ name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existing(_ name: String) throws -> Person {
        guard let person = try lookUp(name) else {
            throw GarageError.noSuchPerson(name)
        }
        return person
    }

    /// Saves; a failed save leaves nothing pending behind it.
    private func commit() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}

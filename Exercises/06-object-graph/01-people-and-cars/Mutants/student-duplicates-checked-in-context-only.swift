// Mutant: addPerson looks for a taken name among the people the context already holds (context.registeredObjects) instead of asking the store, so it only refuses a name inserted or loaded in this launch: after a relaunch (or a kill), addPerson(name: "Pedro") saves a second Pedro instead of throwing
// Hint: A name saved in an earlier launch is still taken: look for it in the store, not only among the objects this launch's context happens to hold.
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

    /// Inserts a person and saves.
    func addPerson(name: String) throws {
        // The people of the garage are the Person objects the context is holding.
        let known = context.registeredObjects.compactMap { $0 as? Person }
        guard !known.contains(where: { $0.name == name && !$0.isDeleted }) else {
            throw GarageError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try saveOrRollBack()
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        let person = try existingPerson(named: owner)
        let car = Car(context: context)
        car.model = model
        car.year = year
        car.owner = person
        try saveOrRollBack()
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        let sellingPerson = try existingPerson(named: seller)
        let buyingPerson = try existingPerson(named: buyer)

        let request = carsRequest(GraphPredicate(format: "owner == %@ AND model == %@",
                                                 sellingPerson, model))
        request.fetchLimit = 1
        guard let car = try context.fetch(request).first else {
            throw GarageError.noSuchCar(model)
        }
        // Selling to the owner changes nothing; otherwise the inverse moves the car between
        // the two people's `cars`.
        if car.owner != buyingPerson {
            car.owner = buyingPerson
        }
        try saveOrRollBack()
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        let person = try existingPerson(named: name)
        return try context.fetch(carsRequest(GraphPredicate(format: "owner == %@", person)))
    }

    /// Everyone, by name.
    func people() throws -> [Person] {
        let request = FetchRequest<Person>(entityName: "Person")
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request)
    }

    /// Deletes a person and saves; their cars stay, without an owner.
    func removePerson(name: String) throws {
        let person = try existingPerson(named: name)
        context.delete(person)
        try saveOrRollBack()
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        try context.fetch(carsRequest(GraphPredicate(format: "owner == nil")))
    }

    // MARK: - Helpers

    /// Cars matching `predicate`, in the order of `cars(of:)`: by year, then by model.
    private func carsRequest(_ predicate: GraphPredicate) -> FetchRequest<Car> {
        let request = FetchRequest<Car>(entityName: "Car")
        request.predicate = predicate
        request.sortDescriptors = [
            GraphSortDescriptor(key: "year", ascending: true),
            GraphSortDescriptor(key: "model", ascending: true),
        ]
        return request
    }

    /// The person with exactly this name (the name is an argument, never part of the format).
    private func person(named name: String) throws -> Person? {
        let request = FetchRequest<Person>(entityName: "Person")
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existingPerson(named name: String) throws -> Person {
        guard let person = try person(named: name) else {
            throw GarageError.noSuchPerson(name)
        }
        return person
    }

    /// Saves; a failed save leaves no half-made change behind in the context.
    private func saveOrRollBack() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}
